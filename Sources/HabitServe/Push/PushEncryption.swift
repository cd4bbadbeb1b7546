import Crypto
import FoundationEssentials

/// A push message's body as RFC 8291 encrypts it for one subscription, in RFC 8188's `aes128gcm`
/// content coding: a key pair made for this message alone, ECDH with the browser's key, HKDF-SHA256
/// keyed by the subscription's auth secret, one record of AES-128-GCM ended by the delimiter 0x02.
enum PushEncryption {
    /// The record size written in the header; the one record holds the whole message.
    static let recordSize = 4096
    /// What fits in that one record: the plaintext, its delimiter and the 16-byte tag.
    static let maximumPlaintext = recordSize - 17

    enum Failure: Error, Equatable {
        case badKey
        case tooLong
    }

    /// - Parameters:
    ///   - p256dh: the browser's public key, the 65-byte uncompressed point.
    ///   - auth: the subscription's 16-byte authentication secret.
    ///   - salt, sender: fixed only by the tests (RFC 8291 §5); random for every real message.
    static func encrypt(_ plaintext: [UInt8], p256dh: [UInt8], auth: [UInt8], salt: [UInt8]? = nil,
                        sender: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey()) throws(Failure) -> [UInt8] {
        guard plaintext.count <= maximumPlaintext else { throw .tooLong }
        guard auth.count == 16, let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: p256dh),
              let shared = try? sender.sharedSecretFromKeyAgreement(with: receiver)
        else { throw .badKey }
        let senderPublic = Array(sender.publicKey.x963Representation)
        let salt = salt ?? Array(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
        // §3.3: IKM = HKDF(auth, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32).
        let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2 and §2.3: the content encryption key and the nonce from the salt.
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let contentKey = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        guard let nonce = try? AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Data($0) }),
              let sealed = try? AES.GCM.seal(plaintext + [2], using: contentKey, nonce: nonce)
        else { throw .badKey }
        // The header (§2.1): salt, record size, the key id's length and the sender's public key.
        let size = UInt32(recordSize)
        let header = salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF), UInt8(senderPublic.count)] + senderPublic
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }
}
