import Foundation
import InkIndex
import InkPostgres

/// Where a server keeps its notes: a SQLite file that this process owns (the embedded default),
/// or a library of a PostgreSQL database that any number of servers share.
///
/// Both are a `NoteLibrary` to the API, with the same records, index and search (the library's
/// SQL runs on either; `LibraryDifferentialTests` holds them to the same hits and scores).
///
/// ```swift
/// let server = try InkServer(store: .postgres(url: "postgresql://inkindex@db/notes"), recognizer: recognizer)
/// ```
public enum NoteStore: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite library file (created where absent).
    case sqlite(path: String)
    /// Library `library` of the PostgreSQL database at `url` (a libpq URI or connection string),
    /// its tables made where absent.
    case postgres(url: String, library: String = "default")

    /// `location` as a store: a `postgresql://` or `postgres://` URL names PostgreSQL, anything
    /// else a SQLite file.
    public init(location: String, library: String = "default") {
        self = PostgresLibrary.isDatabaseURL(location) ? .postgres(url: location, library: library) : .sqlite(path: location)
    }

    /// One connection to the store, as a library.
    package func open() throws -> NoteLibrary {
        switch self {
        case .sqlite(let path): try NoteLibrary(path: path)
        case .postgres(let url, let library): try PostgresLibrary.open(url, library: library)
        }
    }

    /// The store in messages: the file's path, or the URL without its password and the library.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url, let library): PostgresLibrary.displayLocation(url, library: library)
        }
    }
}
