/// An integer field stored in a narrower type, so that a `TOMLValue` stays small, and read and
/// written as `Int` (clamped to what the storage holds).
@propertyWrapper
public struct Packed<Storage: FixedWidthInteger & Hashable & Sendable>: Hashable, Sendable {
    private var storage: Storage

    public init(wrappedValue: Int) {
        storage = Storage(clamping: wrappedValue)
    }

    public var wrappedValue: Int {
        get { Int(storage) }
        set { storage = Storage(clamping: newValue) }
    }
}
