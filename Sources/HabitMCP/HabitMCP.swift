import FoundationEssentials
import HabitKit
import HabitLocalization
import HabitStore
import HabitSystem
import MCP

#if canImport(Glibc)
import Glibc
#endif

/// `habit-mcp`: a Model Context Protocol server over standard input and output, so that an
/// assistant can read the day and change it through HabitKit's use cases (docs/mcp.md).
/// `habit mcp` execs it.
public enum HabitMCP {
    /// Exit statuses as the CLI's (docs/cli.md): 1 refused, 2 usage.
    public static func run(_ arguments: [String]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var explicitDirectory: String?
        var readOnly = false
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--dir" where index + 1 < arguments.count:
                index += 1
                explicitDirectory = arguments[index]
            case "--read-only": readOnly = true
            default:
                printError("habit mcp: unknown argument “\(arguments[index])”")
                return 2
            }
            index += 1
        }
        let t = Messages(Language.from(environment: environment))
        let directory = DataDirectory.resolve(explicit: explicitDirectory, environment: environment)
        guard directory.isInitialized else {
            printError(t.text(.notInitialized, directory.path))
            return 1
        }
        let clock = WallClock(environment: environment)
        let habits = Habits(directory: directory, environment: environment, clock: { clock.seconds })
        let offersChanges = !readOnly
        let tools = HabitTools(habits: habits, clock: clock, messages: t, readOnly: readOnly)
        let server = Server(name: "habit", version: "1", capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: ToolCatalog.tools(readOnly: !offersChanges))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            tools.call(parameters.name, arguments: parameters.arguments ?? [:])
        }
        do {
            try await server.start(transport: StdioTransport())
        } catch {
            printError("habit mcp: \(error)")
            return 1
        }
        await server.waitUntilCompleted()
        return 0
    }

    static func printError(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
