import CCurl
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Sends one encrypted message to one subscription's push service (RFC 8030 §5): a POST of the
/// `aes128gcm` body with the VAPID authorization, a time to live and an urgency. Through the
/// system's libcurl (CCurl, loaded on first use): https with the system's certificate authorities
/// and proxy settings, with neither full Foundation nor a second TLS library in `habit-serve`.
struct PushSender: Sendable {
    let vapid: VAPID
    /// How long the push service keeps a message for a device that is offline: a reminder is
    /// stale after a few hours.
    static let timeToLive = 4 * 3600
    static let timeoutSeconds = 30

    enum Outcome: Equatable, Sendable {
        case delivered
        /// 404 or 410: the subscription expired or was withdrawn; forget it.
        case gone
        /// Any other answer, or none: why, in a few words.
        case failed(String)
    }

    func send(_ message: PushMessage, to subscription: PushSubscription, now: Int) async -> Outcome {
        guard let p256dh = Base64URL.decode(subscription.p256dh), let auth = Base64URL.decode(subscription.auth) else { return .failed("the subscription's keys are damaged") }
        let body: [UInt8]
        do { body = try PushEncryption.encrypt(Array(message.json.utf8), p256dh: p256dh, auth: auth) } catch {
            return .failed(error == .tooLong ? "the message is too long" : "the subscription's key is not a P-256 point")
        }
        guard let authorization = vapid.authorization(endpoint: subscription.endpoint, now: now) else { return .failed("the endpoint is not an http(s) URL") }
        let headers = [
            "Authorization: " + authorization,
            "Content-Encoding: aes128gcm",
            "Content-Type: application/octet-stream",
            "TTL: \(Self.timeToLive)",
            "Urgency: normal",
            // libcurl would otherwise ask for `100 Continue` before a body this size.
            "Expect:",
        ]
        let endpoint = subscription.endpoint
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Int, PostFailure>, Never>) in
            // libcurl blocks: on a thread of Dispatch's pool, never on the server's event loops.
            DispatchQueue.global().async { continuation.resume(returning: Self.post(endpoint, headers: headers, body: body)) }
        }
        switch answer {
        case .success(let status) where (200..<300).contains(status): return .delivered
        case .success(let status) where status == 404 || status == 410: return .gone
        case .success(let status): return .failed("the push service answered \(status)")
        case .failure(let failure): return .failed(failure.reason)
        }
    }

    struct PostFailure: Error {
        let reason: String
    }

    static func post(_ url: String, headers: [String], body: [UInt8]) -> Result<Int, PostFailure> {
        var status = 0
        var error = [CChar](repeating: 0, count: 512)
        let result = withCStrings(headers) { lines in
            body.withUnsafeBufferPointer { bytes in
                habit_curl_post(url, lines, Int32(headers.count), bytes.baseAddress, bytes.count, Int(timeoutSeconds), &status, &error, error.count)
            }
        }
        guard result == 0 else { return .failure(PostFailure(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))) }
        return .success(status)
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
