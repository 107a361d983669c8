#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable list of integers. */
typedef struct {
    int *items;
    size_t len, cap;
} IntList;

static int list_push(IntList *list, int value) {
    if (list->len == list->cap) {
        size_t next = list->cap ? list->cap * 2 : 8;
        int *grown = realloc(list->items, next * sizeof *grown);
        if (grown == NULL) return -1;
        list->items = grown;
        list->cap = next;
    }
    list->items[list->len++] = value;
    return 0;
}

int main(int argc, char **argv) {
    IntList list = {0};
    for (int i = 1; i < argc; i++) {
        char *end;
        long v = strtol(argv[i], &end, 10);
        if (*end != '\0') {
            fprintf(stderr, "not a number: %s\n", argv[i]);
            return 1;
        }
        list_push(&list, (int)v);
    }
    long sum = 0;
    for (size_t i = 0; i < list.len; i++) sum += list.items[i];
    printf("%zu numbers, sum %ld\n", list.len, sum);
    free(list.items);
    return 0;
}
