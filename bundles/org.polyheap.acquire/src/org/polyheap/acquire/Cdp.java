package org.polyheap.acquire;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

import org.polyheap.model.Progress;

/**
 * V8 over the Chrome DevTools Protocol, for Node inspectors and Chrome, Edge and Electron pages: the
 * target list ({@code GET /json/list}) and {@code HeapProfiler.takeHeapSnapshot} with
 * {@code reportProgress}; each {@code HeapProfiler.addHeapSnapshotChunk} is written to the part file as it
 * arrives (never the whole snapshot in memory). Nothing else is sent: no {@code Runtime}, no
 * {@code Debugger}, no {@code HeapProfiler.enable}.
 */
final class Cdp {
    private Cdp() { }

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    /** The targets of a CDP endpoint's {@code /json/list} ({@code base}: http://host:port); {@code kind} NODE or CDP. */
    static List<Target> list(URI base, Target.Kind kind, long pid, Duration timeout) throws AcquireException {
        URI url = URI.create(Endpoints.httpBase(base) + "/json/list");
        String body;
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(url).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (r.statusCode() != 200) {
                throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": HTTP " + r.statusCode()
                        + " (not a DevTools endpoint: a browser's --remote-debugging-port, or node --inspect)");
            }
            body = r.body();
        } catch (AcquireException e) {
            throw e;
        } catch (ConnectException e) {
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": connection refused (nothing listens there)", e);
        } catch (HttpTimeoutException e) {
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": no answer within " + timeout.toSeconds() + " s", e);
        } catch (IOException e) {
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": " + RpcSocket.message(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
        Object parsed;
        try {
            parsed = Json.parse(body);
        } catch (IllegalArgumentException e) {
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": not a DevTools target list (" + e.getMessage() + ")");
        }
        if (!(parsed instanceof List<?> items)) {
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, url + ": not a DevTools target list");
        }
        var targets = new ArrayList<Target>();
        for (Object o : items) {
            Map<String, Object> t = Json.map(o);
            String ws = Json.string(t, "webSocketDebuggerUrl");
            if (ws.isEmpty()) continue; // a target another client is attached to: DevTools leaves the URL out
            String type = Json.string(t, "type");
            if (kind == Target.Kind.CDP && !snapshotable(type)) continue;
            URI endpoint = Endpoints.follow(base, ws);
            String title = Json.string(t, "title");
            String detail = kind == Target.Kind.NODE ? "inspector " + Endpoints.hostPort(endpoint) : type + ": " + Json.string(t, "url");
            targets.add(new Target(kind, pid, title.isEmpty() ? Json.string(t, "url") : title, detail, endpoint, Json.string(t, "id"), true));
        }
        return targets;
    }

    /** Target types with a V8 heap of their own. */
    private static boolean snapshotable(String type) {
        return switch (type) {
            case "page", "iframe", "worker", "shared_worker", "service_worker", "webview", "node", "other" -> true;
            default -> false; // browser, tab, auction_worklet...
        };
    }

    /**
     * Takes the heap snapshot of the V8 target at {@code endpoint} into {@code part}. Progress: "Taking the
     * snapshot" (V8's done/total), then "Writing" (bytes so far, total unknown).
     */
    static long takeHeapSnapshot(URI endpoint, String what, PartFile part, boolean gzip, Progress progress) throws IOException {
        var writer = new ChunkWriter(part.open(gzip), progress);
        progress.phase("Taking the snapshot of " + what, -1);
        try (var rpc = RpcSocket.open(endpoint, what, writer)) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("reportProgress", true);
            rpc.await(rpc.call("HeapProfiler.takeHeapSnapshot", params), progress); // answered after the last chunk
            if (writer.chars == 0) {
                throw new AcquireException(AcquireException.Reason.REFUSED, what + ": the snapshot came back empty");
            }
            writer.out.flush();
            return writer.chars;
        }
    }

    /** Writes the chunks as they come, and reports V8's progress. */
    private static final class ChunkWriter implements RpcSocket.Handler {
        final Writer out;
        final Progress progress;
        long chars;
        long lastDone;
        boolean counting;
        boolean writing;

        ChunkWriter(java.io.OutputStream stream, Progress progress) {
            this.out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            this.progress = progress;
        }

        @Override
        public void event(String method, Map<String, Object> params) throws IOException {
            switch (method) {
                case "HeapProfiler.addHeapSnapshotChunk" -> {
                    if (!writing) {
                        writing = true;
                        progress.phase("Writing the snapshot", -1);
                    }
                    String chunk = Json.string(params, "chunk");
                    out.write(chunk);
                    chars += chunk.length();
                    progress.worked(chunk.length());
                }
                case "HeapProfiler.reportHeapSnapshotProgress" -> {
                    if (writing) return;
                    long done = params.get("done") instanceof Number n ? n.longValue() : 0;
                    long total = params.get("total") instanceof Number n ? n.longValue() : -1;
                    if (!counting && total > 0) {
                        counting = true;
                        progress.phase("Taking the snapshot", total);
                    }
                    if (done > lastDone) progress.worked(done - lastDone);
                    lastDone = done;
                }
                default -> { } // other domains' events: none are enabled
            }
        }
    }
}
