import HabitKit
import HabitSystem

/// `habit remind run`'s third way out: Web Push to the devices that subscribed in `habit serve`
/// (docs/reminders.md). `habit` itself loads neither HTTP nor cryptography: it starts
/// `habit-serve --push-due` from beside itself, which sends what came due by the push run log, the
/// one the running server counts with too, so a reminder goes out once whichever sends first.
struct RemindPushDelivery {
    let session: Session

    /// false when something was not sent (said on standard error): the run then exits 1.
    func deliver() -> Bool {
        let environment = session.context.environment
        // No device subscribed: nothing to start.
        guard PushFiles.hasSubscriptions(directory: session.directory, environment: environment) else { return true }
        let server = SiblingProgram.path(of: "habit-serve", beside: session)
        guard ProcessImage.isExecutable(server) else {
            session.err(session.t.text(.remindPushNoServer, server))
            return false
        }
        let outcome = Subprocess.run(server, ["--dir", session.directory.path, "--push-due"], environment: environment, timeoutSeconds: 300)
        // habit-serve's own lines: which reminder was not sent where, and why.
        var said = outcome.errors
        while said.last?.isNewline == true { said.removeLast() }
        if !said.isEmpty { session.err(said) }
        return outcome.succeeded
    }
}
