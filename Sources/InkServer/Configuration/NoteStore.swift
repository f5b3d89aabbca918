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

    /// The library of a server without tokens.
    public static let defaultLibrary = PostgresLibrary.defaultLibrary

    /// The store of library `name` beside this one: another schema of the same PostgreSQL
    /// database; for SQLite, this file for the default library and `NAME.sqlite` in the folder
    /// `FILE.libraries` beside it for others (`LibraryName.storageName`: the name where it is
    /// plain, else a hash of the account id). Throws for a name that is not a library's.
    func library(_ name: String) throws -> NoteStore {
        try PostgresLibrary.validate(libraryName: name)
        switch self {
        case .postgres(let url, _): return .postgres(url: url, library: name)
        case .sqlite(let path):
            guard name != Self.defaultLibrary else { return self }
            let folder = (path as NSString).deletingPathExtension + ".libraries"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return .sqlite(path: (folder as NSString).appendingPathComponent(try LibraryName(name).storageName + ".sqlite"))
        }
    }

    /// One connection to the store, as a library that searches with `searchPolicy`.
    package func open(searchPolicy: MatchPolicy = .standard) throws -> NoteLibrary {
        switch self {
        case .sqlite(let path): try NoteLibrary(path: path, searchPolicy: searchPolicy)
        case .postgres(let url, let library): try PostgresLibrary.open(url, library: library, searchPolicy: searchPolicy)
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
