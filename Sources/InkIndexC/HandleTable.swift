import Foundation

/// The handles given to C: numbers that name live objects, never the objects' addresses.
///
/// A handle is a key into this table, made from a counter that never repeats, so a handle that
/// was freed (or a pointer that never was one) is recognized and refused with
/// `INKINDEX_ERROR_INVALID_ARGUMENT` instead of being followed. A call looks its object up and
/// holds it while it runs, so freeing a handle while another thread is inside a call on it lets
/// that call finish. O(1) a lookup, under a lock.
final class HandleTable<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [UInt: Object] = [:]
    private var last: UInt
    private let kind: String

    /// `kind` names the handles in messages ("recognizer"); `base` keeps each kind's numbers apart.
    init(kind: String, base: UInt) {
        self.kind = kind
        last = base
    }

    /// A new handle for `object`.
    func insert(_ object: Object) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        last += 16 // aligned like a pointer, and never 0
        objects[last] = object
        return OpaquePointer(bitPattern: last)!
    }

    /// The object of `handle`: `invalidArgument` for NULL, a freed handle or an unknown one.
    func object(_ handle: OpaquePointer?) throws -> Object {
        guard let handle else { throw CFailure(.invalidArgument, "\(kind) is NULL") }
        lock.lock()
        defer { lock.unlock() }
        guard let object = objects[UInt(bitPattern: handle)] else {
            throw CFailure(.invalidArgument, "this \(kind) was freed, or was never one")
        }
        return object
    }

    /// Forgets `handle` and returns its object (nil for NULL, a freed or an unknown handle).
    @discardableResult
    func remove(_ handle: OpaquePointer?) -> Object? {
        guard let handle else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return objects.removeValue(forKey: UInt(bitPattern: handle))
    }
}
