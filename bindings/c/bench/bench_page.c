/* The boundary's cost, from C: a page read and searched through libinkindex, as
   `inkindex bench-page` does it in Swift and bindings/python/bench_page.py from Python.
   Each iteration makes a recognizer, gives it the page (every line recognized), searches it
   for "grace" and frees it; the median and p95 of the iterations after a warm-up are printed.
       cc -O2 -std=c99 bindings/c/bench/bench_page.c $(pkg-config --cflags --libs inkindex) -o bench_page
       ./bench_page bindings/c/tests/fixtures/page10.json 30 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <inkindex.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s PAGE.json [iterations] [once|standard]\n", argv[0]); return 2; }
    int iterations = argc > 2 ? atoi(argv[2]) : 30;
    const char *reading = argc > 3 ? argv[3] : "standard";
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *page = malloc((size_t)size + 1);
    if (fread(page, 1, (size_t)size, file) != (size_t)size) return 2;
    page[size] = '\0';
    fclose(file);
    char options[64];
    snprintf(options, sizeof options, "{\"reading\": \"%s\"}", reading);

    double *times = malloc(sizeof(double) * (size_t)iterations);
    int hits = 0;
    for (int k = -3; k < iterations; k++) { /* three warm-up iterations */
        double started = now_ms();
        inkindex_error *error = NULL;
        inkindex_recognizer *r = inkindex_recognizer_create(options, &error);
        if (!r || inkindex_recognizer_update_drawing(r, page, &error) != INKINDEX_OK) {
            fprintf(stderr, "%s\n", inkindex_error_message(error));
            return 1;
        }
        char *found = inkindex_recognizer_search(r, "grace", 0, &error);
        hits = found && strstr(found, "\"reading\"") ? 1 : 0;
        inkindex_string_free(found);
        inkindex_recognizer_free(r);
        if (k >= 0) times[k] = now_ms() - started;
    }
    qsort(times, (size_t)iterations, sizeof(double), by_value);
    printf("C: %s, reading %s, %d iterations: median %.1f ms, p95 %.1f ms%s\n", argv[1], reading, iterations,
           times[iterations / 2], times[(int)(iterations * 0.95)], hits ? "" : " (no hit!)");
    free(times);
    free(page);
    return 0;
}
