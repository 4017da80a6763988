import java.util.ArrayList;
import java.util.List;

/**
 * A program whose heap the acquire tests know: 4,321 KnownObjects$Widget held by a static list, and
 * 1,234 KnownObjects$Garbage made and dropped (a live-only dump has none of them; an -all dump may).
 * Prints "ready" once built, then waits until its standard input closes (or 10 minutes).
 */
public class KnownObjects {
    static final class Widget {
        final int n;
        Widget(int n) { this.n = n; }
    }

    static final class Garbage {
        final long[] payload = new long[4];
    }

    static final List<Widget> KEPT = new ArrayList<>();
    static volatile Object sink;

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 4321; i++) KEPT.add(new Widget(i));
        for (int i = 0; i < 1234; i++) sink = new Garbage();
        sink = null;
        System.out.println("ready");
        System.out.flush();
        var stdin = new Thread(() -> {
            try {
                while (System.in.read() >= 0) { }
            } catch (java.io.IOException e) {
                // closed
            }
        });
        stdin.setDaemon(true);
        stdin.start();
        stdin.join(600_000);
    }
}
