package com.example.library;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A small lending library. */
public final class Sample {
    private final List<Book> books = new ArrayList<>();

    public record Book(String title, String author, LocalDate due) {}

    public void lend(String title, String author, int days) {
        books.add(new Book(title, author, LocalDate.now().plusDays(days)));
    }

    public Optional<Book> find(String title) {
        return books.stream()
            .filter(b -> b.title().equalsIgnoreCase(title))
            .findFirst();
    }

    public long overdue(LocalDate today) {
        return books.stream().filter(b -> b.due().isBefore(today)).count();
    }

    @Override
    public String toString() {
        return "Library[" + books.size() + " books]";
    }

    public static void main(String[] args) {
        var lib = new Sample();
        lib.lend("Dune", "Herbert", 14);
        lib.lend("Emma", "Austen", -2);
        System.out.println(lib + ", overdue: " + lib.overdue(LocalDate.now()));
        lib.find("dune").ifPresent(b -> System.out.printf("%s due %s%n", b.title(), b.due()));
    }
}
