// toml-test decoder: TOML on stdin, tagged JSON on stdout (exit 0), or
// diagnostics on stderr (exit 1).
import TOML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
while true {
    let count = read(0, &chunk, chunk.count)
    if count <= 0 { break }
    input.append(contentsOf: chunk[0..<count])
}

switch TOMLDocument.parse(input) {
case .success(let document):
    print(document.root.taggedJSON())
    exit(0)
case .failure(let failure):
    let message = Array((failure.rendered(file: "<stdin>", source: input) + "\n").utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}
