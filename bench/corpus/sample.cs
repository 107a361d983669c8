using System;
using System.Collections.Generic;
using System.Linq;

namespace Shop
{
    public record Order(int Id, string Customer, decimal Amount);

    public static class Reports
    {
        /// <summary>Totals per customer, largest first.</summary>
        public static IEnumerable<(string Customer, decimal Total)> ByCustomer(IEnumerable<Order> orders)
        {
            return orders
                .GroupBy(o => o.Customer)
                .Select(g => (g.Key, g.Sum(o => o.Amount)))
                .OrderByDescending(t => t.Item2);
        }
    }

    internal class Program
    {
        private static void Main(string[] args)
        {
            var orders = new List<Order>
            {
                new(1, "Ada", 12.50m),
                new(2, "Linus", 7.25m),
                new(3, "Ada", 3.00m),
            };
            foreach (var (customer, total) in Reports.ByCustomer(orders))
            {
                Console.WriteLine($"{customer,-8} {total:C}");
            }
            if (args.Length > 0 && args[0] == "--verbose")
                Console.WriteLine($"{orders.Count} orders");
        }
    }
}
