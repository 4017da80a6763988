package org.polyheap.acquire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.polyheap.model.Progress;

/**
 * A JSON-RPC conversation over the JDK's WebSocket, as CDP and the Dart VM service speak it: calls with
 * ids and their answers, events ({@code method} + {@code params}) and binary messages handed to the
 * handler on the socket's thread in arrival order. The next message is asked for only after the handler
 * returns, so a handler that writes to disk is the flow control: the socket's buffers do not grow while
 * the disk is slower than the network, and memory stays flat however big the snapshot.
 */
final class RpcSocket implements WebSocket.Listener, AutoCloseable {
    /** What the protocol does with events and binary messages; called on the socket's thread, one at a time. */
    interface Handler {
        void event(String method, Map<String, Object> params) throws IOException;

        default void binary(ByteBuffer message) throws IOException { }
    }

    private final URI uri;
    private final Handler handler;
    private final String what;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<Map<String, Object>>> pending = new ConcurrentHashMap<>();
    /** Completed exceptionally when the conversation ends before its work is done (closed, failed, handler error). */
    final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final StringBuilder text = new StringBuilder();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private volatile WebSocket socket;
    private HttpClient client;
    /** When the last message came ({@link System#nanoTime}), and when the endpoint was last probed. */
    private volatile long lastMessage = System.nanoTime();
    private long lastProbe = System.nanoTime();
    private boolean jsonRpc;

    private RpcSocket(URI uri, String what, Handler handler) {
        this.uri = uri;
        this.what = what;
        this.handler = handler;
    }

    /**
     * Opens the WebSocket at {@code uri}; {@code what} names the target in errors ("Node inspector
     * ws://…", "Dart VM service …"). No Origin header is sent (none is needed: the runtimes accept
     * clients without one).
     */
    static RpcSocket open(URI uri, String what, Handler handler) throws AcquireException {
        return open(uri, what, handler, false);
    }

    /** As {@link #open(URI, String, Handler)}; {@code jsonRpc}: calls carry {@code "jsonrpc": "2.0"} (the Dart VM service). */
    static RpcSocket open(URI uri, String what, Handler handler, boolean jsonRpc) throws AcquireException {
        var rpc = new RpcSocket(uri, what, handler);
        rpc.jsonRpc = jsonRpc;
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        rpc.client = client;
        try {
            rpc.socket = client.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10)).buildAsync(uri, rpc)
                    .get(20, TimeUnit.SECONDS);
            return rpc;
        } catch (ExecutionException e) {
            client.shutdownNow();
            throw connectFailure(what, e.getCause());
        } catch (TimeoutException e) {
            client.shutdownNow();
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": no answer within 20 s");
        } catch (InterruptedException e) {
            client.shutdownNow();
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    static AcquireException connectFailure(String what, Throwable cause) {
        if (cause instanceof CompletionException && cause.getCause() != null) cause = cause.getCause();
        if (cause instanceof WebSocketHandshakeException h) {
            return new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": no WebSocket there (HTTP "
                    + h.getResponse().statusCode() + "): is this the URL the runtime printed?", cause);
        }
        if (cause instanceof ConnectException) {
            return new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": connection refused (nothing listens there; did it exit?)", cause);
        }
        if (cause instanceof HttpTimeoutException) {
            return new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": no answer (timed out)", cause);
        }
        return new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": " + message(cause), cause);
    }

    static String message(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    /** Sends a call; its answer's {@code result}, or an {@link AcquireException} (REFUSED) with the protocol's error. */
    CompletableFuture<Map<String, Object>> call(String method, Map<String, Object> params) {
        long id = ids.incrementAndGet();
        var answer = new CompletableFuture<Map<String, Object>>();
        pending.put(id, answer);
        var message = new java.util.LinkedHashMap<String, Object>();
        if (jsonRpc) message.put("jsonrpc", "2.0"); // the Dart VM service wants it; CDP does not know it
        message.put("id", id);
        message.put("method", method);
        message.put("params", params);
        try {
            synchronized (this) { // one sendText at a time, as WebSocket asks
                socket.sendText(Json.write(message), true).join();
            }
        } catch (java.util.concurrent.CompletionException | IllegalStateException e) {
            pending.remove(id);
            answer.completeExceptionally(new AcquireException(AcquireException.Reason.TARGET_GONE,
                    what + ": the connection closed before the snapshot was complete (did the target exit?)", e));
            return answer;
        }
        ended.whenComplete((v, e) -> {
            if (e != null) answer.completeExceptionally(e);
        });
        return answer;
    }

    /**
     * Waits for {@code f}, checking {@code progress} for a cancel every 100 ms and the conversation for its
     * end; the value, or the failure as an {@link AcquireException} (an {@link IOException} of the file
     * written: the disk). On cancel the socket is aborted.
     */
    <T> T await(CompletableFuture<T> f, Progress progress) throws IOException {
        while (true) {
            if (progress.isCanceled()) {
                abort();
                throw new CancellationException("canceled");
            }
            try {
                return f.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (ended.isCompletedExceptionally() && !f.isDone()) {
                    f.completeExceptionally(ended.exceptionNow());
                } else if (!f.isDone()) {
                    probeWhenIdle();
                }
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof IOException a) throw a; // an AcquireException, or the disk failing

                if (c instanceof CancellationException x) throw x;
                throw new AcquireException(AcquireException.Reason.TARGET_GONE, what + ": " + message(c), c);
            } catch (InterruptedException e) {
                abort();
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
        }
    }

    /**
     * When nothing came for 2 s, checks every 2 s that the endpoint still listens (a TCP connect, closed at
     * once; nothing is sent). The JDK's WebSocket may miss the end of a connection that closes while a
     * handler runs (seen with a Node process killed then), so a target that exited is noticed here.
     */
    private void probeWhenIdle() {
        long now = System.nanoTime();
        if (now - lastMessage < 2_000_000_000L || now - lastProbe < 2_000_000_000L) return;
        lastProbe = now;
        int port = uri.getPort() > 0 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("wss") ? 443 : 80;
        try (var probe = new java.net.Socket()) {
            probe.connect(new java.net.InetSocketAddress(uri.getHost(), port), 2000);
        } catch (ConnectException refused) {
            end(new AcquireException(AcquireException.Reason.TARGET_GONE,
                    what + ": the target closed the connection before the snapshot was complete (did it exit?)"));
            WebSocket s = socket;
            if (s != null) s.abort();
        } catch (IOException slowOrUnreachable) {
            // not conclusive: the conversation goes on
        }
    }

    private void end(Throwable t) {
        ended.completeExceptionally(t);
        for (var f : pending.values()) f.completeExceptionally(t);
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletableFuture<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        lastMessage = System.nanoTime();
        text.append(data);
        if (last) {
            String message = text.toString();
            text.setLength(0);
            if (text.capacity() > 1 << 22) text.trimToSize(); // a huge message once does not pin its buffer
            try {
                dispatch(Json.object(message));
            } catch (IOException | RuntimeException e) {
                end(e instanceof IOException ? e : new AcquireException(AcquireException.Reason.REFUSED, what + ": " + message(e), e));
                webSocket.abort();
                return null;
            }
        }
        webSocket.request(1);
        return null;
    }

    private void dispatch(Map<String, Object> m) throws IOException {
        if (m.get("id") instanceof Number n && !m.containsKey("method")) {
            var f = pending.remove(n.longValue());
            if (f == null) return;
            if (m.get("error") instanceof Map<?, ?> err) {
                f.completeExceptionally(new AcquireException(AcquireException.Reason.REFUSED,
                        what + " answered an error: " + Json.map(err).getOrDefault("message", err)));
            } else {
                f.complete(Json.map(m.get("result")));
            }
        } else if (m.get("method") instanceof String method) {
            handler.event(method, Json.map(m.get("params")));
        }
    }

    @Override
    public CompletableFuture<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        lastMessage = System.nanoTime();
        byte[] b = new byte[data.remaining()];
        data.get(b);
        bytes.write(b, 0, b.length);
        if (last) {
            ByteBuffer message = ByteBuffer.wrap(bytes.toByteArray());
            bytes.reset();
            try {
                handler.binary(message);
            } catch (IOException | RuntimeException e) {
                end(e instanceof IOException ? e : new AcquireException(AcquireException.Reason.REFUSED, what + ": " + message(e), e));
                webSocket.abort();
                return null;
            }
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletableFuture<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        end(new AcquireException(AcquireException.Reason.TARGET_GONE,
                what + ": the target closed the connection before the snapshot was complete (did it exit?)"));
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        end(new AcquireException(AcquireException.Reason.TARGET_GONE,
                what + ": the connection broke before the snapshot was complete (did the target exit?): " + message(error), error));
    }

    /** Drops the connection at once (cancel, failure). */
    void abort() {
        WebSocket s = socket;
        if (s != null) s.abort();
        end(new CancellationException("canceled"));
        client.shutdownNow();
    }

    /** Closes the conversation politely; no more events are handled. */
    @Override
    public void close() {
        WebSocket s = socket;
        if (s == null) return;
        ended.complete(null);
        try {
            s.sendClose(WebSocket.NORMAL_CLOSURE, "").get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing anyway
        }
        s.abort();
        client.shutdownNow();
    }
}
