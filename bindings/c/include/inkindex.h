/*
 * inkindex.h: InkIndex's C interface (C99; usable from C++).
 *
 * InkIndex reads handwriting from pen strokes, on the device and offline, and makes it
 * searchable. This header is the whole of `libinkindex`: a recognizer for one drawing and a note
 * library (SQLite) for many. C, C++, Rust (bindgen), Go (cgo), Dart (FFI), Kotlin (JNI) and
 * Python (ctypes; bindings/python) call it.
 *
 *     inkindex_error *error = NULL;
 *     inkindex_recognizer *r = inkindex_recognizer_create("{\"model\": \"open\"}", &error);
 *     if (!r) { fprintf(stderr, "%s\n", inkindex_error_message(error)); inkindex_error_free(error); return 1; }
 *     if (inkindex_recognizer_update_drawing(r, drawing_json, &error) == INKINDEX_OK) {
 *         char *hits = inkindex_recognizer_search(r, "grace", 0, &error);
 *         puts(hits);                          // {"hits":[{"bounds":{...},"reading":"grace",...}],"query":"grace"}
 *         inkindex_string_free(hits);
 *     }
 *     inkindex_recognizer_free(r);
 *
 * Conventions
 * - Strings are UTF-8 and NUL-terminated. Every `char *` a function returns is owned by the
 *   caller and freed with inkindex_string_free(); every `const char *` it returns is owned by
 *   the library (said at each function).
 * - Complex values cross as JSON, in the shapes of InkIndex's HTTP API (Docs/Guide.md, "Serving
 *   over HTTP"; each function below shows its shape). A drawing goes in as the HTTP API's
 *   strokes ({"strokes": [{"id"?: UUID, "points": [[x, y], [x, y, t], [x, y, t, pressure],
 *   ...]}]}, read in one pass), as InkIndex's JSON drawing (as `inkindex convert` writes it),
 *   or as InkML bytes.
 * - Errors: a function that can fail takes `inkindex_error **error` last. On failure it returns
 *   a status other than INKINDEX_OK (or NULL), and where `error` is not NULL it sets `*error` to
 *   a new error, which the caller frees with inkindex_error_free(). On success `*error` is left
 *   as it was. `error` may be NULL where the status is enough.
 * - Handles (inkindex_recognizer, inkindex_library, inkindex_error) are opaque numbers that
 *   name live objects, never their addresses, and are never reused. Create them with their
 *   `_create`/`_open` function and release them with `_free`/`_close`. A NULL, released or
 *   unknown handle gives INKINDEX_ERROR_INVALID_ARGUMENT (releasing one does nothing). A handle
 *   released while another thread is inside a call on it is released when that call returns.
 *   Undefined: freeing a string twice, or passing a pointer that is not a NUL-terminated string
 *   where one is asked for.
 *
 * Threads
 * - Every function may be called from any thread. Calls on one handle run one at a time (a
 *   second waits for the first); calls on different handles run in parallel.
 * - Calls block until their work is done; run them on threads of your own. Do not call them
 *   from a Swift task (async code); from any other thread, a thread pool's included, they are
 *   safe.
 * - Long work (a large page, indexing a library) can be stopped from another thread with
 *   inkindex_recognizer_cancel() or inkindex_library_cancel(): the call in flight returns
 *   INKINDEX_ERROR_CANCELLED, and nothing stored is left half-written.
 *
 * Resources
 *   The weights and language data are folders of files (InkIndex_InkRecognition.resources,
 *   InkIndex_InkIndexLanguages.resources, InkIndex_InkSearch.resources). The library looks for
 *   them, in order, in the folder named by the environment variable INKINDEX_RESOURCES, in
 *   <prefix>/share/inkindex (as bindings/c/install.sh installs them, the library in <prefix>/lib/inkindex), beside the library
 *   itself, and beside the program. Without them, creating a recognizer, indexing and searching
 *   a library fail with INKINDEX_ERROR_MODEL_UNAVAILABLE (a library still opens, stores and
 *   deletes notes).
 */
#ifndef INKINDEX_H
#define INKINDEX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface; grows when a function is added or changed. */
#define INKINDEX_ABI_VERSION 1

/* What a call came to. */
typedef enum inkindex_status {
    INKINDEX_OK = 0,
    /* A NULL pointer where one is required, an unknown flag or option, a negative limit. */
    INKINDEX_ERROR_INVALID_ARGUMENT = 1,
    /* Malformed JSON, InkML or drawing; an unreadable or unknown file. */
    INKINDEX_ERROR_BAD_INPUT = 2,
    /* An unknown model, or its weights or language data could not be found or read (the
       research model needs the library built with InkIndexResearchModels). */
    INKINDEX_ERROR_MODEL_UNAVAILABLE = 3,
    /* No note with that id. */
    INKINDEX_ERROR_NOT_FOUND = 4,
    /* A note with that id exists already, or it changed since the revision given. */
    INKINDEX_ERROR_CONFLICT = 5,
    /* The library file could not be read or written (I/O, damaged, a newer schema). Nothing
       stored was changed by the failed call. */
    INKINDEX_ERROR_STORE = 6,
    /* Stopped by inkindex_*_cancel() or a progress callback. */
    INKINDEX_ERROR_CANCELLED = 7,
    /* A bug in InkIndex: please report it with the message. */
    INKINDEX_ERROR_INTERNAL = 8
} inkindex_status;

/* ---- Errors and strings ---------------------------------------------------------------- */

typedef struct inkindex_error inkindex_error;

/* The error's status. INKINDEX_ERROR_INVALID_ARGUMENT for a NULL error. */
inkindex_status inkindex_error_code(const inkindex_error *error);

/* A sentence saying what went wrong. Owned by the error: valid until inkindex_error_free(). */
const char *inkindex_error_message(const inkindex_error *error);

/* Frees an error. NULL, or an error already freed, is ignored. */
void inkindex_error_free(inkindex_error *error);

/* Frees a string this library returned. NULL is ignored. */
void inkindex_string_free(char *string);

/* InkIndex's version ("0.3.0"). Static: never freed. */
const char *inkindex_version(void);

/* The recognition version of a shipped model ("open", "research"; NULL for the default): what
   a stored index read by that model was read with. -1 for an unknown model. */
int inkindex_recognition_version(const char *model);

/* JSON: the shipped models, whether each can be loaded here, and the languages each reads:
   {"default":"open","models":[{"name":"open","available":true,"languages":["en","es",...],
   "recognitionVersion":23,"terms":"..."}, ...]}. Free with inkindex_string_free(). */
char *inkindex_models(void);

/* ---- Drawings --------------------------------------------------------------------------- */

/* Reads a file in any format InkIndex reads (.json, .inkml, .ink; notebooks: Xournal++ .xopp/.xoj,
   reMarkable .rm/.rmdoc/.rmn or a tablet folder's UUID.content, Rnote .rnote, Saber .sbn2/.sbn,
   a PDF's ink annotations .pdf, whose pages without ink are left out) and returns its pages as JSON: {"pages":[{"id":UUID,"number":1,"title":"name, page 1",
   "strokes":[...]}],"warnings":[...]}. Each page's strokes are a drawing this library takes;
   its id is stable for the file's path and page number, the id inkindex_library_import_file()
   gives its note. NULL on failure (INKINDEX_ERROR_BAD_INPUT). Free with inkindex_string_free(). */
char *inkindex_drawing_read_file(const char *path, inkindex_error **error);

/* ---- Recognizer: one drawing, read as it changes (PencilKit's PKStrokeRecognizer) ------- */

typedef struct inkindex_recognizer inkindex_recognizer;

/* Creates a recognizer. `options_json` may be NULL (the defaults) or an object:
     "model":      "open" (default; any app may ship it) or "research" (non-commercial);
     "languages":  ["es", "en"] (BCP 47, priority order; default ["en"]);
     "vocabulary": ["Okonkwo", ...] (words decoding favours);
     "reading":    "standard" (default: each line read three ways, for search) or "once".
   NULL on failure. Release with inkindex_recognizer_free(). */
inkindex_recognizer *inkindex_recognizer_create(const char *options_json, inkindex_error **error);

/* Releases a recognizer. NULL is ignored. */
void inkindex_recognizer_free(inkindex_recognizer *recognizer);

/* Gives the recognizer the drawing as it is now (JSON, see Conventions); only lines whose
   strokes changed are read again. Blocks until every query answers for this drawing. */
inkindex_status inkindex_recognizer_update_drawing(inkindex_recognizer *recognizer, const char *drawing_json,
                                                   inkindex_error **error);

/* The same with an InkML document of `length` bytes. */
inkindex_status inkindex_recognizer_update_drawing_inkml(inkindex_recognizer *recognizer, const char *bytes, size_t length,
                                                         inkindex_error **error);

/* The recognized text of the strokes with the given ids (a JSON array of UUID strings), or of
   all strokes where `stroke_ids_json` is NULL: lines joined by "\n". Returns NULL with no error
   set where there is no handwriting. Free with inkindex_string_free(). */
char *inkindex_recognizer_text(inkindex_recognizer *recognizer, const char *stroke_ids_json, inkindex_error **error);

/* Search flags, or'ed together. */
#define INKINDEX_SEARCH_FULL_WORDS  1u   /* whole words only, not prefixes */
#define INKINDEX_SEARCH_MATCH_CASE  2u   /* case must match */
#define INKINDEX_SEARCH_EMPHASIZED  4u   /* underlined, circled, boxed or bracketed words only */
#define INKINDEX_SEARCH_IN_MARGIN   8u   /* words in margin notes only */
#define INKINDEX_SEARCH_IN_BODY    16u   /* words outside margin notes only */

/* Searches the drawing: {"query":"...","hits":[{"strokeIDs":[UUID,...],"bounds":{"x":..,
   "y":..,"width":..,"height":..},"reading":"...","score":0.93}, ...]}, best first, bounds in
   drawing coordinates. Free with inkindex_string_free(). */
char *inkindex_recognizer_search(inkindex_recognizer *recognizer, const char *query, unsigned flags,
                                 inkindex_error **error);

/* The page as read: lines with their candidates, words with their strokes and bounds, and the
   layout (clusters, marks, relations), as POST /api/recognize answers. Free with
   inkindex_string_free(). */
char *inkindex_recognizer_recognition(inkindex_recognizer *recognizer, inkindex_error **error);

/* Text for a system search index (every close reading of every word), or NULL with no error
   set where there is no handwriting. Free with inkindex_string_free(). */
char *inkindex_recognizer_indexable_content(inkindex_recognizer *recognizer, inkindex_error **error);

/* The recognition version of the recognizer's model; -1 for a NULL recognizer. */
int inkindex_recognizer_recognition_version(const inkindex_recognizer *recognizer);

/* Stops the update in flight on `recognizer`, from any thread: it returns
   INKINDEX_ERROR_CANCELLED, and the lines it did not read are read by the next update. A call
   with nothing in flight is a no-op. */
void inkindex_recognizer_cancel(inkindex_recognizer *recognizer);

/* ---- Library: many notes in one SQLite file --------------------------------------------- */

typedef struct inkindex_library inkindex_library;

/* Opens (or creates) the library file at `path`. `options_json` may be NULL or hold "model",
   "languages", "vocabulary" and "reading" as for inkindex_recognizer_create(): how
   inkindex_library_index() reads notes. NULL on failure. Release with inkindex_library_close(). */
inkindex_library *inkindex_library_open(const char *path, const char *options_json, inkindex_error **error);

/* Closes the library and releases the handle. NULL is ignored. */
void inkindex_library_close(inkindex_library *library);

/* Adds a note: `note_json` is {"id"?: "...", "title"?: "...", "strokes": [...]} (a drawing, see
   Conventions). Its strokes are stored verbatim and durably before this returns; it is read by
   the next inkindex_library_index(). Returns the note's id (the one given, or a new UUID).
   Free with inkindex_string_free(). INKINDEX_ERROR_CONFLICT where the id exists. */
char *inkindex_library_add(inkindex_library *library, const char *note_json, inkindex_error **error);

/* Adds (or, where a page's note exists, replaces) every page of a file in any format InkIndex
   reads (the notebooks of inkindex_drawing_read_file(), .inkml, .json, .ink) as a note: its id
   stable for the file's path and page number, its title "name, page n" (the name alone for one
   page; a reMarkable notebook's own name where it has one). Returns JSON:
   {"notes":[{"id":..,"title":..,"added":true|false}, ...],"warnings":[...]}. Nothing is added
   where the file cannot be read (INKINDEX_ERROR_BAD_INPUT). Free with inkindex_string_free(). */
char *inkindex_library_import_file(inkindex_library *library, const char *path, inkindex_error **error);

/* Replaces a note's drawing (and title, where given). `if_revision` is the revision the change
   was based on, or 0 for any: INKINDEX_ERROR_CONFLICT where the note changed since. */
inkindex_status inkindex_library_replace(inkindex_library *library, const char *id, const char *note_json, int64_t if_revision,
                                         inkindex_error **error);

/* Deletes a note and everything derived from it. INKINDEX_ERROR_NOT_FOUND where there is none. */
inkindex_status inkindex_library_delete(inkindex_library *library, const char *id, inkindex_error **error);

/* JSON: the notes, newest first: {"notes":[{"id":..,"title":..,"created":..,"modified":..,
   "revision":..,"recognitionVersion":..,"recognitionModel":..,"recognitionLanguages":[..],
   "indexedAt":..}, ...]} (the last four absent where the note was never indexed). Free with
   inkindex_string_free(). */
char *inkindex_library_notes(inkindex_library *library, inkindex_error **error);

/* Called as notes are indexed, with how many are done of how many. Called on a thread of the
   library's, while inkindex_library_index() blocks; it must not call into the same library.
   Return 0 to go on, anything else to stop (the call returns INKINDEX_ERROR_CANCELLED). */
typedef int (*inkindex_progress_fn)(void *context, int64_t done, int64_t total);

/* Reads every note that is new, changed, or read by another model or recognition version, and
   commits each note's index in one transaction. `progress` may be NULL. `indexed` (may be NULL)
   receives how many notes were indexed. A note that cannot be read is reported in the error
   message after the others are done (INKINDEX_ERROR_STORE). */
inkindex_status inkindex_library_index(inkindex_library *library, inkindex_progress_fn progress, void *context, int64_t *indexed,
                                       inkindex_error **error);

/* Searches every note: {"query":"...","hits":[{"noteID":..,"title":..,"strokeIDs":[...],
   "bounds":{...},"reading":..,"score":..}, ...]}, best first, at most `limit` hits (0: 20).
   Flags as for inkindex_recognizer_search(), the place filters included. Free with
   inkindex_string_free(). */
char *inkindex_library_search(inkindex_library *library, const char *query, unsigned flags, int limit, inkindex_error **error);

/* Checks the library (every stored drawing against its checksum, the derived tables against
   the notes): {"notesChecked":..,"problems":["..."],"healthy":true}. Free with
   inkindex_string_free(). */
char *inkindex_library_check(inkindex_library *library, inkindex_error **error);

/* Stops the inkindex_library_index() in flight, from any thread (notes committed so far stay
   indexed). A call with nothing in flight is a no-op. */
void inkindex_library_cancel(inkindex_library *library);

#ifdef __cplusplus
}
#endif

#endif /* INKINDEX_H */
