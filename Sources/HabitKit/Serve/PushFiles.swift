#if canImport(Glibc)
import Glibc
#endif
import HabitStore

/// Where `habit serve`'s Web Push state is kept for one data directory, beside its devices
/// (`ServeAccessFile`): `$XDG_STATE_HOME/habit/serve/<key>.push.json` (the subscriptions, one per
/// device) and `<key>.vapid` (the server's VAPID private key), both mode 0600. State of this
/// machine, never in the data directory. HabitServe reads and writes them; `habit remind run` only
/// asks whether there are subscriptions before it starts `habit-serve` to send to them.
public enum PushFiles {
    public static func subscriptions(directory: DataDirectory, environment: [String: String]) -> String {
        base(directory, environment) + ".push.json"
    }

    public static func vapidKey(directory: DataDirectory, environment: [String: String]) -> String {
        base(directory, environment) + ".vapid"
    }

    /// Whether any device subscribed: the file exists only while it holds a subscription.
    public static func hasSubscriptions(directory: DataDirectory, environment: [String: String]) -> Bool {
        var status = stat()
        return stat(subscriptions(directory: directory, environment: environment), &status) == 0 && status.st_size > 0
    }

    private static func base(_ directory: DataDirectory, _ environment: [String: String]) -> String {
        DataDirectory.stateFolder(environment) + "/serve/" + DataDirectory.key(ofRealPath: directory.realPath)
    }
}
