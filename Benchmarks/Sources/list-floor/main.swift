// Starts, lists the data directory's trackers/ and prints how many files it saw.
#if canImport(Glibc)
import Glibc
#endif

let path = (CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".") + "/trackers"
var count = 0
if let directory = opendir(path) {
    while let entry = readdir(directory) {
        if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
    }
    closedir(directory)
}
print(count)
