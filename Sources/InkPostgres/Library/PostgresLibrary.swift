import Foundation
import InkIndex

/// Opens `NoteLibrary`s kept in PostgreSQL: the same records, index, search and
/// `recognitionVersion` rule as a SQLite library, in one schema a library of a shared database,
/// so that any number of servers serve the same notes.
///
/// ```swift
/// let library = try PostgresLibrary.open("postgresql://inkindex@db.internal/notes", library: "alice")
/// try await library.add(drawing, id: "sermon-1", title: "Sunday")
/// let hits = try await library.search("grace")
/// ```
package enum PostgresLibrary {
    /// The library of a server without tokens (and of `inkindex library --database URL`).
    package static let defaultLibrary = "default"

    /// Whether `location` names a PostgreSQL database (a `postgresql://` or `postgres://` URL)
    /// rather than a SQLite file.
    package static func isDatabaseURL(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// Opens library `library` of the database at `url`, making its tables where they are absent.
    /// - Parameters:
    ///   - url: a libpq connection URI or string.
    ///   - library: any account id of 1–200 bytes without control characters (`LibraryName`).
    ///   - keepsEvidence: as `NoteLibrary(path:keepsEvidence:)`.
    ///   - statementTimeout: every statement is cancelled past this.
    ///   - searchPolicy: as `NoteLibrary(path:keepsEvidence:searchPolicy:)`.
    /// - Throws: `PostgresLibraryError` for a bad name or a newer schema, `PostgresError` where
    ///   the database cannot be reached.
    package static func open(_ url: String, library: String = defaultLibrary, keepsEvidence: Bool = false,
                             statementTimeout: Duration? = .seconds(30), searchPolicy: MatchPolicy = .standard) throws -> NoteLibrary {
        try validate(libraryName: library)
        let schemaName = PostgresLibrarySchema.schemaName(ofLibrary: library)
        let session = try PostgresConnection(url, statementTimeout: statementTimeout,
                                             sessionSetup: PostgresLibrarySchema.sessionSetup(schemaName: schemaName))
        try PostgresLibrarySchema.prepare(session, schemaName: schemaName, library: library)
        return NoteLibrary(connection: PostgresLibraryConnection(session: session, schemaName: schemaName),
                           location: displayLocation(url, library: library), keepsEvidence: keepsEvidence,
                           searchPolicy: searchPolicy)
    }

    /// Removes library `library` and everything in it (its schema): for benchmarks that start
    /// afresh. Nothing else in the database is touched.
    package static func drop(_ url: String, library: String) throws {
        try validate(libraryName: library)
        let session = try PostgresConnection(url)
        try session.execute("DROP SCHEMA IF EXISTS \(PostgresLibrarySchema.quoted(PostgresLibrarySchema.schemaName(ofLibrary: library))) CASCADE")
    }

    /// Refuses a library name that is not an account id `LibraryName` takes: empty, longer than
    /// 200 bytes, or holding control characters.
    package static func validate(libraryName name: String) throws {
        do { _ = try LibraryName(name) } catch { throw PostgresLibraryError.invalidLibraryName(name) }
    }

    /// The URL without its password, and the library: for messages and `NoteLibrary.path`.
    package static func displayLocation(_ url: String, library: String) -> String {
        var shown = url
        if var components = URLComponents(string: url), components.password != nil {
            components.password = "…"
            shown = components.string ?? url
        } else if !isDatabaseURL(url) {
            shown = url.replacingOccurrences(of: #"password\s*=\s*('[^']*'|\S+)"#, with: "password=…", options: .regularExpression)
        }
        return shown + "#" + library
    }
}

/// Why a PostgreSQL library could not be opened.
package enum PostgresLibraryError: Error, Equatable, CustomStringConvertible {
    case invalidLibraryName(String)
    /// The library's tables were made by a newer InkIndex.
    case newerSchema(library: String, found: Int, supported: Int)

    package var description: String {
        switch self {
        case .invalidLibraryName(let name):
            "'\(name)' is not a library name: use an id of 1–\(LibraryName.maximumBytes) bytes without control characters"
        case .newerSchema(let library, let found, let supported):
            "library schema \(library) is at version \(found), newer than this build knows (\(supported)); upgrade InkIndex"
        }
    }
}
