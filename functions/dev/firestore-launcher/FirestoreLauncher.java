// Lets firebase-tools start the official Cloud Firestore emulator that the Debian package
// google-cloud-cli-firestore-emulator installs (dev/official-firestore.ts builds this into a JAR
// whose manifest puts that package's JAR on the class path). firebase-tools runs its emulator as
// `java -jar <jar> --host .. --port .. --database-edition standard ...`: the packaged JAR names
// no main class, expects the `start` command first, and does not know --database-edition (only
// the standard edition exists in it), so this adds the command, drops that one option and hands
// the rest over unchanged. With FIRESTORE_TRIGGER_EVENTS_VIA set (host:port), trigger events go
// there instead of straight to the Functions emulator: dev/trigger-events.ts, which delivers them
// with the retries the functions declare, as Eventarc does.
import java.util.ArrayList;
import java.util.List;

public final class FirestoreLauncher {
  private static final String MAIN = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

  public static void main(String[] args) throws Throwable {
    String eventsVia = System.getenv("FIRESTORE_TRIGGER_EVENTS_VIA");
    List<String> forwarded = new ArrayList<>();
    forwarded.add("start");
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--database-edition")) {
        i++;
        continue;
      }
      if (args[i].startsWith("--database-edition=")) continue;
      if (args[i].equals("--functions_emulator") && i + 1 < args.length && eventsVia != null && !eventsVia.isEmpty()) {
        forwarded.add(args[i]);
        forwarded.add(eventsVia);
        i++;
        continue;
      }
      forwarded.add(args[i]);
    }
    Class.forName(MAIN).getMethod("main", String[].class).invoke(null, (Object) forwarded.toArray(new String[0]));
  }
}
