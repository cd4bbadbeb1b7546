import Testing

/// Devices kept across restarts, API tokens and the QR code's one-time link, against real
/// `habit-serve` processes (Scripts/devices_test.py; zbarimg from Debian's zbar-tools decodes the
/// QR code).
@Suite(.serialized) struct DeviceSessionTests {
    @Test func devicesTokensAndTheQRCodeAgainstRealServers() throws {
        let outcome = try ServeScriptTests.run("devices_test.py", timeout: 300)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("devices: ok"))
    }
}
