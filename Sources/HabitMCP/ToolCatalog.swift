import MCP

/// The tools `habit mcp` offers, with their JSON input schemas. The read-only ones say so
/// (`readOnlyHint`); `--read-only` lists only those.
enum ToolCatalog {
    static let changing: Set<String> = ["mark", "skip", "slip", "add"]

    static func tools(readOnly: Bool) -> [Tool] {
        all.filter { !readOnly || !changing.contains($0.name) }
    }

    private static let date: Value = .object([
        "type": "string",
        "description": "The day: 2026-11-21, today, yesterday or -3 (days ago); today when left out.",
    ])
    private static let tracker: Value = .object([
        "type": "string",
        "description": "The tracker's name, its file name, or an unambiguous start of its name.",
    ])

    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object([
            "type": "object",
            "properties": .object(properties),
            "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }

    private static let reading = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)

    static let all: [Tool] = [
        Tool(name: "due", title: "What is due",
             description: "The day's trackers as habit list shows them: name, kind, state (done, to do, skipped, slipped), a numeric habit's amount and target, and the current streak.",
             inputSchema: schema(["date": date]), annotations: reading),
        Tool(name: "trackers", title: "Trackers",
             description: "Every tracker with its category, schedule and whether it is archived.",
             inputSchema: schema(["archived": .object(["type": "boolean", "description": "Include archived trackers (default: false)."])]),
             annotations: reading),
        Tool(name: "stats", title: "A tracker's figures",
             description: "A tracker's figures as habit show gives them: current and best streak, completion rate, completions, strength and goal.",
             inputSchema: schema(["tracker": tracker], required: ["tracker"]), annotations: reading),
        Tool(name: "mark", title: "Mark a day",
             description: "Marks a tracker done or not done on a day (one commit). For a numeric habit, amount adds to the day's total.",
             inputSchema: schema([
                "tracker": tracker, "date": date,
                "state": .object(["type": "string", "enum": ["done", "undone"], "description": "done (default) or undone."]),
                "amount": .object(["type": "number", "description": "A numeric habit: add this to the day's total."]),
             ], required: ["tracker"]),
             annotations: Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "skip", title: "Skip a day",
             description: "Skips a habit on a day, so the streak neither grows nor breaks (one commit).",
             inputSchema: schema(["tracker": tracker, "date": date], required: ["tracker"]),
             annotations: Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "slip", title: "Log a slip",
             description: "Logs a slip of a habit to quit on a day (one commit).",
             inputSchema: schema(["tracker": tracker, "date": date], required: ["tracker"]),
             annotations: Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "add", title: "Add a tracker",
             description: "Creates a tracker (one commit). The schedule is daily, weekday names such as mon,wed,fri, \"3 per week\", \"10 per month\" or \"every 2 days\".",
             inputSchema: schema([
                "name": .object(["type": "string", "description": "The tracker's name (at most 38 characters)."]),
                "category": .object(["type": "string", "description": "An existing category."]),
                "schedule": .object(["type": "string", "description": "daily, mon,wed,fri, 3 per week, 10 per month, every 2 days."]),
                "create_category": .object(["type": "boolean", "description": "Create the category when it does not exist (default: false)."]),
             ], required: ["name", "category", "schedule"]),
             annotations: Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
    ]
}
