<?php
declare(strict_types=1);

namespace App\Http;

use InvalidArgumentException;

final class Router
{
    /** @var array<string, callable> */
    private array $routes = [];

    public function get(string $path, callable $handler): self
    {
        $this->routes['GET ' . $path] = $handler;
        return $this;
    }

    public function dispatch(string $method, string $uri): string
    {
        $path = parse_url($uri, PHP_URL_PATH) ?: '/';
        $key = strtoupper($method) . ' ' . rtrim($path, '/');
        if (!isset($this->routes[$key])) {
            http_response_code(404);
            return "Not found: {$path}";
        }
        return ($this->routes[$key])($_GET);
    }
}

$router = (new Router())
    ->get('/hello', fn (array $q): string => 'Hello, ' . htmlspecialchars($q['name'] ?? 'world'))
    ->get('/time', static fn (): string => date(DATE_ATOM));

try {
    echo $router->dispatch($_SERVER['REQUEST_METHOD'] ?? 'GET', $_SERVER['REQUEST_URI'] ?? '/');
} catch (InvalidArgumentException $e) {
    echo 'Bad request: ', $e->getMessage();
}
