package org.polyheap.acquire;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.polyheap.model.Progress;

/**
 * The Dart VM service: {@code getVM} (which isolate), {@code streamListen(HeapSnapshot)},
 * {@code requestHeapSnapshot}, then the binary events of the HeapSnapshot stream written to the part file
 * as they come until the one marked {@code last}; {@code streamCancel}. The payloads concatenated are the
 * {@code dartheap} file (the format DevTools exports and our Dart parser reads).
 *
 * <p>Framing of a binary event (runtime/vm/service.cc {@code Service::SendEventWithData}; checked on a real
 * VM, ../shared/tools/dart/README.md): a little-endian uint32 data offset, the JSON metadata up to that
 * offset (right-padded with spaces), then the payload.
 */
final class DartVmService {
    private DartVmService() { }

    /**
     * The WebSocket of a service URI as the VM prints it: {@code http://127.0.0.1:8181/AbC=/} becomes
     * {@code ws://127.0.0.1:8181/AbC=/ws}; a {@code ws://…/ws} URI stays as it is.
     */
    static URI webSocket(URI typed) {
        URI ws = Endpoints.toWs(typed);
        String s = ws.toString();
        if (s.endsWith("/ws")) return ws;
        return URI.create(s.endsWith("/") ? s + "ws" : s + "/ws");
    }

    /** Describes the VM at {@code ws}: a target whose title names its version and isolates. */
    static Target describe(URI ws) throws IOException {
        try (var rpc = RpcSocket.open(ws, "Dart VM service " + ws, (m, p) -> { }, true)) {
            Map<String, Object> vm = rpc.await(rpc.call("getVM", Map.of()), Progress.NONE);
            return new Target(Target.Kind.DART, vm.get("pid") instanceof Number n ? n.longValue() : -1,
                    "Dart VM " + Json.string(vm, "version").replaceAll(" .*", ""), isolateNames(vm), ws, "", true);
        }
    }

    private static String isolateNames(Map<String, Object> vm) {
        var names = new StringBuilder();
        if (vm.get("isolates") instanceof List<?> isolates) {
            for (Object i : isolates) names.append(names.isEmpty() ? "isolates: " : ", ").append(Json.string(Json.map(i), "name"));
        }
        return names.toString();
    }

    /**
     * Takes a heap snapshot of the first isolate whose name contains {@code isolate} (any when empty) of the
     * VM at {@code ws} into {@code part}; the bytes written.
     */
    static long takeHeapSnapshot(URI ws, String isolate, PartFile part, boolean gzip, Progress progress) throws IOException {
        String what = "Dart VM service " + ws;
        var writer = new Payloads(part.open(gzip), progress);
        progress.phase("Connecting to " + what, -1);
        try (var rpc = RpcSocket.open(ws, what, writer, true)) {
            Map<String, Object> vm = rpc.await(rpc.call("getVM", Map.of()), progress);
            String isolateId = null;
            if (vm.get("isolates") instanceof List<?> isolates) {
                for (Object o : isolates) {
                    var i = Json.map(o);
                    if (Json.string(i, "name").contains(isolate)) {
                        isolateId = Json.string(i, "id");
                        break;
                    }
                }
            }
            if (isolateId == null) {
                throw new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": no isolate"
                        + (isolate.isEmpty() ? "" : " named like '" + isolate + "'") + " (" + isolateNames(vm) + ")");
            }
            try {
                rpc.await(rpc.call("streamListen", Map.of("streamId", "HeapSnapshot")), progress);
            } catch (AcquireException e) {
                if (!e.getMessage().contains("already subscribed")) throw e; // another client listens too: its events reach us as well
            }
            progress.phase("Taking the snapshot", -1);
            rpc.await(rpc.call("requestHeapSnapshot", Map.of("isolateId", isolateId)), progress);
            rpc.await(writer.done, progress);
            rpc.await(rpc.call("streamCancel", Map.of("streamId", "HeapSnapshot")), progress);
            writer.out.flush();
            return writer.bytes;
        }
    }

    /** Writes the HeapSnapshot events' payloads in order; {@link #done} once the last. */
    private static final class Payloads implements RpcSocket.Handler {
        final OutputStream out;
        final Progress progress;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        long bytes;
        boolean magicChecked;

        Payloads(OutputStream out, Progress progress) {
            this.out = out;
            this.progress = progress;
        }

        @Override
        public void event(String method, Map<String, Object> params) { }

        @Override
        public void binary(ByteBuffer message) throws IOException {
            message.order(ByteOrder.LITTLE_ENDIAN);
            if (message.remaining() < 4) throw new AcquireException(AcquireException.Reason.REFUSED, "the VM sent a binary event of " + message.remaining() + " bytes");
            int offset = message.getInt(0);
            if (offset < 4 || offset > message.limit()) throw new AcquireException(AcquireException.Reason.REFUSED, "the VM sent a binary event with data offset " + offset);
            byte[] meta = new byte[offset - 4];
            message.get(4, meta);
            Map<String, Object> m = Json.object(new String(meta, StandardCharsets.UTF_8).strip());
            Map<String, Object> params = Json.map(m.get("params"));
            if (!"HeapSnapshot".equals(params.get("streamId"))) return;
            int length = message.limit() - offset;
            if (!magicChecked && length > 0) {
                magicChecked = true;
                byte[] magic = new byte[Math.min(8, length)];
                message.get(offset, magic);
                if (!new String(magic, StandardCharsets.ISO_8859_1).equals("dartheap")) {
                    throw new AcquireException(AcquireException.Reason.REFUSED, "the VM's snapshot does not start with 'dartheap'");
                }
            }
            out.write(message.array(), message.arrayOffset() + offset, length);
            bytes += length;
            progress.worked(length);
            if (Boolean.TRUE.equals(Json.map(params.get("event")).get("last"))) done.complete(null);
        }
    }
}
