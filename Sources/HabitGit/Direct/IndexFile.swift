/// git's index file (`.git/index`, version 2, git's default), as far as `DirectRepository` edits it: the
/// entry of a file it rewrote gets the file's stat data and the new blob's id, the cached trees
/// on that file's path are marked invalid (as libgit2 does, `git_tree_cache_invalidate_path`),
/// and every other byte stays. Anything else (versions 3 and 4, an extension other than the cached
/// trees, a conflict, flags libgit2 would drop) makes `init` fail and the step goes to libgit2.
struct IndexFile {
    private(set) var bytes: [UInt8]
    let version: UInt32
    /// Where each entry starts, in order, and where the entries end.
    private var entryOffsets: [Int] = []
    private var entriesEnd = 0
    /// The cached trees' extension ("TREE"): where its data starts, and its length.
    private var treeExtension: Range<Int>?

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard bytes.count >= 32, bytes[0..<4].elementsEqual("DIRC".utf8) else { return nil }
        version = Self.word(bytes, 4)
        // Version 3 only adds flags (intent-to-add, skip-worktree) that libgit2 would rewrite.
        guard version == 2 else { return nil }
        guard SHA1.digest(Array(bytes[..<(bytes.count - 20)])) == Array(bytes[(bytes.count - 20)...]) else { return nil }
        let count = Int(Self.word(bytes, 8))
        var position = 12
        entryOffsets.reserveCapacity(count)
        for _ in 0..<count {
            guard position + 62 <= bytes.count - 20 else { return nil }
            entryOffsets.append(position)
            let flags = Int(bytes[position + 60]) << 8 | Int(bytes[position + 61])
            let extended = flags & 0x4000 != 0
            guard !extended else { return nil }
            let pathStart = position + (extended ? 64 : 62)
            guard let nul = bytes[pathStart..<(bytes.count - 20)].firstIndex(of: 0) else { return nil }
            // Versions 2 and 3 pad every entry with 1 to 8 NULs to a multiple of eight bytes.
            position += ((nul - position) + 8) & ~7
        }
        entriesEnd = position
        while position < bytes.count - 20 {
            guard position + 8 <= bytes.count - 20 else { return nil }
            let signature = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
            let size = Int(Self.word(bytes, position + 4))
            guard position + 8 + size <= bytes.count - 20, signature == "TREE", treeExtension == nil else { return nil }
            treeExtension = (position + 8)..<(position + 8 + size)
            position += 8 + size
        }
    }

    struct Stat {
        var ctime: (UInt32, UInt32)
        var mtime: (UInt32, UInt32)
        var dev, ino, mode, uid, gid, size: UInt32
    }

    /// The stage-0 entry of `path`, provided it is the path's only entry and carries no flag
    /// besides its name's length.
    func entry(_ path: String) -> (offset: Int, mode: UInt32, mtime: (UInt32, UInt32))? {
        let wanted = Array(path.utf8)
        var low = 0, high = entryOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if Self.compare(name(at: entryOffsets[middle]), wanted) { low = middle + 1 } else { high = middle }
        }
        guard low < entryOffsets.count else { return nil }
        let offset = entryOffsets[low]
        guard name(at: offset).elementsEqual(wanted) else { return nil }
        if low + 1 < entryOffsets.count, name(at: entryOffsets[low + 1]).elementsEqual(wanted) { return nil }
        let flags = Int(bytes[offset + 60]) << 8 | Int(bytes[offset + 61])
        guard flags & 0xF000 == 0 else { return nil }
        return (offset, Self.word(bytes, offset + 24), (Self.word(bytes, offset + 8), Self.word(bytes, offset + 12)))
    }

    /// Every entry's path and modification time (to find entries git would call racily clean).
    var entries: [(path: ArraySlice<UInt8>, mtime: (UInt32, UInt32), offset: Int)] {
        entryOffsets.map { (name(at: $0), (Self.word(bytes, $0 + 8), Self.word(bytes, $0 + 12)), $0) }
    }

    mutating func update(entryAt offset: Int, stat: Stat, id: [UInt8]) {
        let words = [stat.ctime.0, stat.ctime.1, stat.mtime.0, stat.mtime.1, stat.dev, stat.ino, stat.mode, stat.uid, stat.gid, stat.size]
        for (index, word) in words.enumerated() { Self.put(word, into: &bytes, at: offset + index * 4) }
        bytes.replaceSubrange((offset + 40)..<(offset + 60), with: id)
    }

    /// Marks the cached trees of the root and of each folder on `path` invalid.
    mutating func invalidateTrees(on path: String) {
        guard let range = treeExtension else { return }
        var folders = path.split(separator: "/").dropLast().map { Array($0.utf8) }
        var output: [UInt8] = []
        var position = range.lowerBound
        // Nodes come in preorder; `remaining[depth]` counts the children a node still has to see,
        // and a node is on the path while every ancestor was and its name is the next folder.
        var stack: [(remaining: Int, onPath: Bool)] = []
        var depth = 0
        while position < range.upperBound {
            guard let nul = bytes[position..<range.upperBound].firstIndex(of: 0),
                  let space = bytes[nul..<range.upperBound].firstIndex(of: 0x20),
                  let newline = bytes[space..<range.upperBound].firstIndex(of: 0x0A),
                  let count = Int(String(decoding: bytes[(nul + 1)..<space], as: UTF8.self)),
                  let children = Int(String(decoding: bytes[(space + 1)..<newline], as: UTF8.self)) else { return }
            let name = bytes[position..<nul]
            let parentOnPath = stack.last?.onPath ?? true
            let onPath = parentOnPath && (stack.isEmpty || (depth - 1 < folders.count && name.elementsEqual(folders[depth - 1])))
            output += bytes[position...nul]
            if onPath {
                output += Array("-1 \(children)\n".utf8)
            } else {
                output += bytes[(nul + 1)...newline]
                if count >= 0 { output += bytes[(newline + 1)..<(newline + 21)] }
            }
            position = newline + 1 + (count >= 0 ? 20 : 0)
            stack.append((children, onPath))
            depth += 1
            // Pop finished nodes: each node's slot in its parent is used up when it is done.
            while let last = stack.last, last.remaining == 0 {
                stack.removeLast()
                depth -= 1
                if !stack.isEmpty { stack[stack.count - 1].remaining -= 1 }
            }
        }
        folders.removeAll()
        var rebuilt = Array(bytes[..<(range.lowerBound - 4)])
        var size: [UInt8] = [0, 0, 0, 0]
        Self.put(UInt32(output.count), into: &size, at: 0)
        rebuilt += size + output + bytes[range.upperBound..<(bytes.count - 20)]
        treeExtension = range.lowerBound..<(range.lowerBound + output.count)
        bytes = rebuilt + bytes[(bytes.count - 20)...]
    }

    /// The file's bytes with their checksum recomputed.
    func serialized() -> [UInt8] {
        var body = Array(bytes[..<(bytes.count - 20)])
        body += SHA1.digest(body)
        return body
    }

    private func name(at offset: Int) -> ArraySlice<UInt8> {
        let flags = Int(bytes[offset + 60]) << 8 | Int(bytes[offset + 61])
        let start = offset + (flags & 0x4000 != 0 ? 64 : 62)
        let end = bytes[start...].firstIndex(of: 0) ?? start
        return bytes[start..<end]
    }

    /// git's order of index entries: bytewise on the path.
    private static func compare(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
        a.lexicographicallyPrecedes(b)
    }

    static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func put(_ word: UInt32, into bytes: inout [UInt8], at offset: Int) {
        bytes[offset] = UInt8(word >> 24)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: word >> 16)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: word >> 8)
        bytes[offset + 3] = UInt8(truncatingIfNeeded: word)
    }
}
