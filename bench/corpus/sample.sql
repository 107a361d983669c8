-- Monthly revenue per product category, with a running total.
CREATE TABLE IF NOT EXISTS orders (
    id          SERIAL PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers (id),
    placed_at   TIMESTAMP WITH TIME ZONE DEFAULT now(),
    status      VARCHAR(16) NOT NULL CHECK (status IN ('open', 'paid', 'refunded'))
);

CREATE INDEX IF NOT EXISTS orders_placed_at ON orders (placed_at);

WITH monthly AS (
    SELECT
        date_trunc('month', o.placed_at) AS month,
        p.category,
        SUM(oi.quantity * oi.unit_price) AS revenue
    FROM orders o
    JOIN order_items oi ON oi.order_id = o.id
    JOIN products p ON p.id = oi.product_id
    WHERE o.status = 'paid'
      AND o.placed_at >= DATE '2025-01-01'
    GROUP BY 1, 2
)
SELECT
    month,
    category,
    revenue,
    SUM(revenue) OVER (PARTITION BY category ORDER BY month) AS running_total
FROM monthly
ORDER BY month, revenue DESC
LIMIT 100;

UPDATE orders SET status = 'refunded' WHERE id = 42 AND status <> 'refunded';
