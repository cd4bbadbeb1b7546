import CLibgit2

/// git's line-based three-way merge of one file's contents, for files outside habit's format
/// (a README, notes) that both sides changed.
public enum TextMerge {
    /// The merged bytes, or nil when the same lines changed on both sides (a conflict).
    public static func merge(base: [UInt8]?, ours: [UInt8], theirs: [UInt8]) throws -> [UInt8]? {
        GitLibrary.ensureInitialized()
        var options = git_merge_file_options()
        try check(git_merge_file_options_init(&options, UInt32(GIT_MERGE_FILE_OPTIONS_VERSION)), "Could not prepare a file merge")
        var result = git_merge_file_result()
        let code: Int32 = (base ?? []).withUnsafeBytes { baseBytes in
            ours.withUnsafeBytes { ourBytes in
                theirs.withUnsafeBytes { theirBytes in
                    var ancestor = input(baseBytes)
                    var mine = input(ourBytes)
                    var other = input(theirBytes)
                    return git_merge_file(&result, &ancestor, &mine, &other, &options)
                }
            }
        }
        try check(code, "Could not merge a file")
        defer { git_merge_file_result_free(&result) }
        guard result.automergeable != 0 else { return nil }
        guard let text = result.ptr, result.len > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: result.len))
    }

    private static func input(_ bytes: UnsafeRawBufferPointer) -> git_merge_file_input {
        var input = git_merge_file_input()
        git_merge_file_input_init(&input, UInt32(GIT_MERGE_FILE_INPUT_VERSION))
        input.ptr = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        input.size = bytes.count
        input.mode = 0o100644
        return input
    }
}
