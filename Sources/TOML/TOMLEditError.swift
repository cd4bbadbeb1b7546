/// Why an edit could not be made. The document is left unchanged.
public struct TOMLEditError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
