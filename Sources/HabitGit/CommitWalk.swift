import CLibgit2

/// Walks history newest-first exactly like `git log` without `--topo-order`:
/// a queue ordered by committer time, ties broken by insertion order (children
/// before parents). libgit2's GIT_SORT_TIME is not an option: it loads the whole
/// history first (~100 ms for 10,000 commits) and orders equal timestamps
/// arbitrarily, which puts parents before children when commits share a second.
/// This walk is lazy: producing n commits costs about n lookups.
struct CommitWalk {
    private struct Item {
        let time: Int64
        let sequence: Int
        let commit: CommitHandle
    }

    private let repository: Repository
    private var heap: [Item] = []
    private var seen: Set<CommitID> = []
    private var nextSequence = 0

    init(repository: Repository, start: CommitID) throws {
        self.repository = repository
        try enqueue(repository.lookupCommit(start))
    }

    mutating func next() throws -> CommitHandle? {
        guard let item = popFirst() else { return nil }
        let parentCount = git_commit_parentcount(item.commit.pointer)
        for index in 0..<parentCount {
            guard let parentID = git_commit_parent_id(item.commit.pointer, index).map({ CommitID($0.pointee) }),
                  !seen.contains(parentID) else { continue }
            try enqueue(repository.lookupCommit(parentID))
        }
        return item.commit
    }

    private mutating func enqueue(_ commit: CommitHandle) {
        seen.insert(commit.id)
        heap.append(Item(time: git_commit_time(commit.pointer), sequence: nextSequence, commit: commit))
        nextSequence += 1
        siftUp(heap.count - 1)
    }

    private func comesFirst(_ a: Item, _ b: Item) -> Bool {
        a.time != b.time ? a.time > b.time : a.sequence < b.sequence
    }

    private mutating func popFirst() -> Item? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        siftDown(0)
        return first
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard comesFirst(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < heap.count, comesFirst(heap[left], heap[best]) { best = left }
            if right < heap.count, comesFirst(heap[right], heap[best]) { best = right }
            if best == parent { return }
            heap.swapAt(parent, best)
            parent = best
        }
    }
}
