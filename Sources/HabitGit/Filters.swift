import CLibgit2

extension Repository {
    /// The bytes git stores for a file at `path` that holds `bytes` in the working tree: passed
    /// through the filters its attributes and `core.autocrlf` name (`text`, `eol`, `ident`), as
    /// `git add` and `git hash-object --path` pass them. A filter driver git would run
    /// (`filter.<name>.clean` or `.process`) is refused: libgit2 cannot run it, and storing the
    /// bytes unfiltered would make a commit `git commit` never makes.
    func storedBytes(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try refuseFilterDriver(for: path)
        var raw: OpaquePointer?
        try check(git_filter_list_load(&raw, pointer, nil, path, GIT_FILTER_TO_ODB, GIT_FILTER_DEFAULT.rawValue),
                  "Could not read the attributes of \(path)")
        guard let filters = raw else { return bytes }
        defer { git_filter_list_free(filters) }
        var output = git_buf()
        defer { git_buf_dispose(&output) }
        _ = try bytes.withUnsafeBytes { input in
            try check(git_filter_list_apply_to_buffer(&output, filters, input.baseAddress?.assumingMemoryBound(to: CChar.self), input.count),
                      "Could not convert the line endings of \(path)")
        }
        guard let start = output.ptr else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: output.size))
    }

    /// Throws `.filterDriver` when the `filter` attribute of `path` names a driver git would run
    /// on the way in (or one marked required that is not configured, which git refuses too).
    func refuseFilterDriver(for path: String) throws {
        var value: UnsafePointer<CChar>?
        try check(git_attr_get(&value, pointer, UInt32(GIT_ATTR_CHECK_FILE_THEN_INDEX), path, "filter"),
                  "Could not read the attributes of \(path)")
        guard let value, git_attr_value(value) == GIT_ATTR_VALUE_STRING else { return }
        let name = String(cString: value)
        for key in ["clean", "process"] where try configValue(forKey: "filter.\(name).\(key)").map({ !$0.isEmpty }) ?? false {
            throw GitError(kind: .filterDriver(name: name, path: path), summary: "\(path) passes through the filter \"\(name)\" (filter.\(name).\(key)), which habit cannot run")
        }
        if try configValue(forKey: "filter.\(name).required").map(Self.isTrue) ?? false {
            throw GitError(kind: .filterDriver(name: name, path: path), summary: "\(path) needs the filter \"\(name)\", which is not configured")
        }
    }

    static func isTrue(_ value: String) -> Bool {
        ["true", "yes", "on", "1", ""].contains(value.lowercased())
    }
}
