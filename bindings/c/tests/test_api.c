/* Every function of inkindex.h: what it does, and how each bad input fails (a status and an
   error, never a crash).
       cc -std=c99 bindings/c/tests/test_api.c $(pkg-config --cflags --libs inkindex) -lpthread
       ./a.out bindings/c/tests/fixtures Examples/Notebooks/sermon.xopp */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "test_support.h"

static char fixtures[1024];
static char *grace;   /* two lines: "grace and peace" / "John 3:16" */

static char *fixture(const char *name) {
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", fixtures, name);
    return read_fixture(path);
}

static void test_versions_and_errors(void) {
    CHECK(contains(inkindex_version(), "."));
    CHECK(inkindex_recognition_version(NULL) > 0);
    CHECK(inkindex_recognition_version("open") == inkindex_recognition_version(NULL));
    CHECK(inkindex_recognition_version("no-such-model") == -1);
    char *models = inkindex_models();
    CHECK(contains(models, "\"default\":\"open\""));
    CHECK(contains(models, "\"name\":\"research\""));
    inkindex_string_free(models);
    CHECK(inkindex_error_code(NULL) == INKINDEX_ERROR_INVALID_ARGUMENT);
    CHECK(inkindex_error_message(NULL) == NULL);
    inkindex_error_free(NULL);
    inkindex_string_free(NULL);
}

static void test_recognizer_options(void) {
    inkindex_error *error = NULL;
    inkindex_recognizer *r = inkindex_recognizer_create("{not json", &error);
    CHECK(r == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_BAD_INPUT);
    r = inkindex_recognizer_create("{\"langauges\": [\"en\"]}", &error);
    CHECK(r == NULL);
    CHECK(contains(inkindex_error_message(error), "langauges"));
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    r = inkindex_recognizer_create("{\"model\": \"no-such-model\"}", &error);
    CHECK(r == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_MODEL_UNAVAILABLE);
    r = inkindex_recognizer_create("{\"languages\": [\"xx\"]}", &error);
    CHECK(r == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    r = inkindex_recognizer_create("{\"reading\": \"twice\"}", &error);
    CHECK(r == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    /* The research model is in another product (non-commercial); libinkindex does not carry it. */
    r = inkindex_recognizer_create("{\"model\": \"research\"}", &error);
    CHECK(r == NULL);
    CHECK(contains(inkindex_error_message(error), "InkIndexResearchModels"));
    CHECK_ERROR(error, INKINDEX_ERROR_MODEL_UNAVAILABLE);
    /* A NULL error pointer is allowed: the status is enough. */
    CHECK(inkindex_recognizer_create("{\"model\": \"no-such-model\"}", NULL) == NULL);
    r = inkindex_recognizer_create("{\"model\": \"open\", \"languages\": [\"es\", \"en\"], \"vocabulary\": [\"Okonkwo\"], \"reading\": \"once\"}",
                                   &error);
    CHECK(r != NULL && error == NULL);
    inkindex_recognizer_free(r);
    inkindex_recognizer_free(NULL);
}

static void test_recognizer(void) {
    inkindex_error *error = NULL;
    inkindex_recognizer *r = inkindex_recognizer_create(NULL, &error);
    CHECK(r != NULL && error == NULL);
    if (!r) return;
    CHECK(inkindex_recognizer_recognition_version(r) == inkindex_recognition_version("open"));
    CHECK(inkindex_recognizer_recognition_version(NULL) == -1);

    /* Nothing written yet: no text, and no error. */
    CHECK(inkindex_recognizer_text(r, NULL, &error) == NULL && error == NULL);

    CHECK_STATUS(inkindex_recognizer_update_drawing(NULL, grace, &error), INKINDEX_ERROR_INVALID_ARGUMENT, error);
    CHECK_STATUS(inkindex_recognizer_update_drawing(r, NULL, &error), INKINDEX_ERROR_INVALID_ARGUMENT, error);
    CHECK_STATUS(inkindex_recognizer_update_drawing(r, "{\"strokes\": 3}", &error), INKINDEX_ERROR_BAD_INPUT, error);
    CHECK_STATUS(inkindex_recognizer_update_drawing(r, "[1, 2]", &error), INKINDEX_ERROR_BAD_INPUT, error);
    CHECK(inkindex_recognizer_update_drawing(r, grace, &error) == INKINDEX_OK && error == NULL);

    char *text = inkindex_recognizer_text(r, NULL, &error);
    CHECK(contains(text, "grace and peace") && contains(text, "\n"));
    inkindex_string_free(text);
    text = inkindex_recognizer_text(r, "[]", &error);
    CHECK(text == NULL && error == NULL);
    CHECK(inkindex_recognizer_text(r, "[\"not-a-uuid\"]", &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_BAD_INPUT);

    char *hits = inkindex_recognizer_search(r, "grace", 0, &error);
    CHECK(contains(hits, "\"reading\":\"grace\"") && contains(hits, "\"strokeIDs\":[\"") && contains(hits, "\"bounds\":{"));
    inkindex_string_free(hits);
    hits = inkindex_recognizer_search(r, "Jn 3:16", INKINDEX_SEARCH_FULL_WORDS, &error);
    CHECK(contains(hits, "John 3:16"));
    inkindex_string_free(hits);
    hits = inkindex_recognizer_search(r, "grace", INKINDEX_SEARCH_IN_MARGIN, &error);
    CHECK(contains(hits, "\"hits\":[]"));
    inkindex_string_free(hits);
    CHECK(inkindex_recognizer_search(r, "grace", 1u << 12, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    CHECK(inkindex_recognizer_search(r, NULL, 0, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);

    char *recognition = inkindex_recognizer_recognition(r, &error);
    CHECK(contains(recognition, "\"lines\":[") && contains(recognition, "\"candidates\":[") && contains(recognition, "\"layout\":{"));
    inkindex_string_free(recognition);
    char *content = inkindex_recognizer_indexable_content(r, &error);
    CHECK(contains(content, "grace"));
    inkindex_string_free(content);

    /* InkML in; bytes that are not InkML fail. */
    const char *inkml = "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>10 10, 20 20, 30 10</trace></ink>";
    CHECK(inkindex_recognizer_update_drawing_inkml(r, inkml, strlen(inkml), &error) == INKINDEX_OK);
    CHECK_STATUS(inkindex_recognizer_update_drawing_inkml(r, "<not", 4, &error), INKINDEX_ERROR_BAD_INPUT, error);
    CHECK_STATUS(inkindex_recognizer_update_drawing_inkml(r, NULL, 0, &error), INKINDEX_ERROR_INVALID_ARGUMENT, error);

    inkindex_recognizer_cancel(r); /* nothing in flight: nothing happens */
    inkindex_recognizer_cancel(NULL);
    CHECK(inkindex_recognizer_update_drawing(r, grace, &error) == INKINDEX_OK);
    inkindex_recognizer_free(r);

    /* A released handle is refused, not followed; releasing it again does nothing. */
    CHECK(inkindex_recognizer_search(r, "grace", 0, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(inkindex_recognizer_update_drawing(r, grace, &error), INKINDEX_ERROR_INVALID_ARGUMENT, error);
    CHECK(inkindex_recognizer_recognition_version(r) == -1);
    inkindex_recognizer_free(r);
    inkindex_recognizer_cancel(r);
    /* So is an error freed twice, and a pointer that was never a handle. */
    CHECK(inkindex_recognizer_create("{\"model\": \"nope\"}", &error) == NULL);
    inkindex_error *freed = error;
    inkindex_error_free(error);
    error = NULL;
    inkindex_error_free(freed);
    CHECK(inkindex_error_code(freed) == INKINDEX_ERROR_INVALID_ARGUMENT && inkindex_error_message(freed) == NULL);
    int not_a_handle = 0;
    CHECK(inkindex_recognizer_text((inkindex_recognizer *)&not_a_handle, NULL, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
}

/* ---- Cancelling from another thread -------------------------------------------------- */

struct canceller { inkindex_recognizer *recognizer; volatile int done; };

static void pause_ms(long milliseconds) {
    struct timespec wait = { 0, milliseconds * 1000000L };
    nanosleep(&wait, NULL);
}

static void *cancel_until_done(void *argument) {
    struct canceller *c = argument;
    pause_ms(20);
    while (!c->done) { inkindex_recognizer_cancel(c->recognizer); pause_ms(5); }
    return NULL;
}

/* The grace fixture's strokes, `dy` units lower, appended to `out` (without the braces). */
static void append_shifted(char *out, double dy) {
    const char *p = strstr(grace, "[{");
    const char *end = grace + strlen(grace) - 2; /* before the closing "]}" */
    char *o = out + strlen(out);
    for (p++; p < end;) {
        if (p[0] == '[' && (p[1] == '-' || (p[1] >= '0' && p[1] <= '9'))) {
            char *next;
            double x = strtod(p + 1, &next), y = strtod(next + 1, &next), t = strtod(next + 1, &next);
            o += sprintf(o, "[%.1f,%.1f,%.3f]", x, y + dy, t);
            p = next + 1; /* past ']' */
        } else {
            *o++ = *p++;
        }
    }
    *o = '\0';
}

/* A page of `copies` × 2 lines: the grace fixture's, repeated down the page. */
static char *many_lines(int copies) {
    char *page = malloc(strlen(grace) * (size_t)copies * 2 + 64);
    strcpy(page, "{\"strokes\":[");
    for (int k = 0; k < copies; k++) {
        append_shifted(page, 150.0 * k);
        if (k + 1 < copies) strcat(page, ",");
    }
    strcat(page, "]}");
    return page;
}

static void test_cancel(void) {
    inkindex_error *error = NULL;
    inkindex_recognizer *r = inkindex_recognizer_create(NULL, &error);
    if (!r) { CHECK(0); return; }
    char *page = many_lines(30);
    struct canceller c = { r, 0 };
    pthread_t thread;
    pthread_create(&thread, NULL, cancel_until_done, &c);
    int status = inkindex_recognizer_update_drawing(r, page, &error);
    c.done = 1;
    pthread_join(thread, NULL);
    CHECK(status == INKINDEX_ERROR_CANCELLED);
    CHECK_ERROR(error, INKINDEX_ERROR_CANCELLED);
    /* The recognizer still works. */
    CHECK(inkindex_recognizer_update_drawing(r, grace, &error) == INKINDEX_OK);
    free(page);
    inkindex_recognizer_free(r);
}

/* ---- Library ----------------------------------------------------------------------------- */

struct progress { int calls; int64_t last_done, last_total; int stop; };

static int on_progress(void *context, int64_t done, int64_t total) {
    struct progress *p = context;
    p->calls++;
    p->last_done = done;
    p->last_total = total;
    return p->stop;
}

static void test_library(const char *folder) {
    inkindex_error *error = NULL;
    char path[1200];
    snprintf(path, sizeof path, "%s/notes.sqlite", folder);

    CHECK(inkindex_library_open(NULL, NULL, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    CHECK(inkindex_library_open(folder, NULL, &error) == NULL); /* a folder is not a library file */
    CHECK_ERROR(error, INKINDEX_ERROR_STORE);
    CHECK(inkindex_library_open(path, "{\"model\": \"nope\"}", &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_MODEL_UNAVAILABLE);

    inkindex_library *library = inkindex_library_open(path, "{\"model\": \"open\", \"languages\": [\"en\"]}", &error);
    CHECK(library != NULL && error == NULL);
    if (!library) return;

    size_t length = strlen(grace);
    char *note = malloc(length + 64);
    snprintf(note, length + 64, "{\"id\": \"sermon-1\", \"title\": \"Sunday\", %s", grace + 1);
    char *id = inkindex_library_add(library, note, &error);
    CHECK(id != NULL && strcmp(id, "sermon-1") == 0);
    inkindex_string_free(id);
    CHECK(inkindex_library_add(library, note, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_CONFLICT);
    CHECK(inkindex_library_add(library, "{\"title\": \"no strokes\"}", &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_BAD_INPUT);
    CHECK(inkindex_library_add(library, NULL, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    id = inkindex_library_add(library, "{\"strokes\": []}", &error); /* an empty page, a new id */
    CHECK(id != NULL && strlen(id) == 36);

    char *notes = inkindex_library_notes(library, &error);
    CHECK(contains(notes, "\"id\":\"sermon-1\"") && contains(notes, "\"title\":\"Sunday\""));
    inkindex_string_free(notes);

    /* A progress callback that stops at once: cancelled; then indexed for real. */
    struct progress stop = { 0, 0, 0, 1 };
    CHECK_STATUS(inkindex_library_index(library, on_progress, &stop, NULL, &error), INKINDEX_ERROR_CANCELLED, error);
    struct progress progress = { 0, 0, 0, 0 };
    int64_t indexed = -1;
    CHECK(inkindex_library_index(library, on_progress, &progress, &indexed, &error) == INKINDEX_OK);
    CHECK(progress.calls >= 2 && progress.last_done == progress.last_total && progress.last_total >= 1);
    CHECK(indexed >= 1);
    CHECK(inkindex_library_index(library, NULL, NULL, &indexed, &error) == INKINDEX_OK && indexed == 0);

    char *hits = inkindex_library_search(library, "grace", 0, 0, &error);
    CHECK(contains(hits, "\"noteID\":\"sermon-1\"") && contains(hits, "\"title\":\"Sunday\""));
    inkindex_string_free(hits);
    CHECK(inkindex_library_search(library, "grace", 0, -1, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);

    /* Replace: only from the revision it was based on. */
    CHECK_STATUS(inkindex_library_replace(library, "sermon-1", note, 7, &error), INKINDEX_ERROR_CONFLICT, error);
    CHECK(inkindex_library_replace(library, "sermon-1", note, 1, &error) == INKINDEX_OK);
    CHECK(inkindex_library_replace(library, "sermon-1", note, 0, &error) == INKINDEX_OK);
    CHECK_STATUS(inkindex_library_replace(library, "missing", "{\"strokes\": []}", 0, &error), INKINDEX_ERROR_NOT_FOUND, error);

    CHECK_STATUS(inkindex_library_delete(library, "missing", &error), INKINDEX_ERROR_NOT_FOUND, error);
    CHECK(inkindex_library_delete(library, id, &error) == INKINDEX_OK);
    inkindex_string_free(id);

    char *check = inkindex_library_check(library, &error);
    CHECK(contains(check, "\"healthy\":true"));
    inkindex_string_free(check);
    inkindex_library_cancel(library); /* nothing in flight */
    inkindex_library_close(library);
    inkindex_library_close(NULL);
    CHECK(inkindex_library_notes(library, &error) == NULL); /* closed: refused */
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
    inkindex_library_close(library);
    free(note);

    /* The notes are stored: a new handle sees them. */
    library = inkindex_library_open(path, NULL, &error);
    notes = inkindex_library_notes(library, &error);
    CHECK(contains(notes, "sermon-1"));
    inkindex_string_free(notes);
    inkindex_library_close(library);
}

static void test_files(const char *notebook, const char *folder) {
    inkindex_error *error = NULL;
    char path[1200];
    snprintf(path, sizeof path, "%s/imported.sqlite", folder);
    inkindex_library *library = inkindex_library_open(path, NULL, &error);
    char *imported = inkindex_library_import_file(library, notebook, &error);
    CHECK(contains(imported, "\"title\":\"sermon.xopp, page 2\"") && contains(imported, "\"added\":true"));
    inkindex_string_free(imported);
    imported = inkindex_library_import_file(library, notebook, &error); /* again: the same notes, replaced */
    CHECK(contains(imported, "\"added\":false") && !contains(imported, "\"added\":true"));
    inkindex_string_free(imported);
    CHECK(inkindex_library_import_file(library, "/no/such/file.xopp", &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_BAD_INPUT);
    inkindex_library_close(library);

    char *pages = inkindex_drawing_read_file(notebook, &error);
    CHECK(contains(pages, "\"number\":2") && contains(pages, "sermon.xopp, page 1") && contains(pages, "\"strokes\":[{"));
    inkindex_string_free(pages);
    CHECK(inkindex_drawing_read_file("/no/such/file.xopp", &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_BAD_INPUT);
    CHECK(inkindex_drawing_read_file(NULL, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_INVALID_ARGUMENT);
}

/* Another app's notebook (a reMarkable package): its pages under the notebook's own name; a
   damaged page file is a typed error. */
static void test_other_notebooks(const char *package, const char *folder) {
    inkindex_error *error = NULL;
    char *pages = inkindex_drawing_read_file(package, &error);
    CHECK(contains(pages, "\"title\":\"Sermon notes, page 3\"") && contains(pages, "\"strokes\":[{"));
    inkindex_string_free(pages);
    char path[1200];
    snprintf(path, sizeof path, "%s/damaged.rm", folder);
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL);
    if (!file) return;
    fputs("reMarkable .lines file, version=5          \xff\xff\xff\x7f", file);
    fclose(file);
    CHECK(inkindex_drawing_read_file(path, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_BAD_INPUT);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s FIXTURES NOTEBOOK.xopp [PACKAGE.rmdoc]\n", argv[0]); return 2; }
    snprintf(fixtures, sizeof fixtures, "%s", argv[1]);
    grace = fixture("grace.json");
    char folder[] = "/tmp/inkindex-c-test-XXXXXX";
    if (!mkdtemp(folder)) { perror("mkdtemp"); return 2; }

    test_versions_and_errors();
    test_recognizer_options();
    test_recognizer();
    test_cancel();
    test_library(folder);
    test_files(argv[2], folder);
    if (argc > 3) test_other_notebooks(argv[3], folder);

    char command[1200];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", folder);
    free(grace);
    if (failures) { fprintf(stderr, "test_api: %d checks failed\n", failures); return 1; }
    printf("test_api: all checks passed\n");
    return 0;
}
