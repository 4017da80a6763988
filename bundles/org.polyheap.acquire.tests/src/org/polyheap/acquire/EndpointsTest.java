package org.polyheap.acquire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** URLs typed and handed back, the loopback rule, and the JSON the protocols speak. No traffic. */
class EndpointsTest {
    @Test
    void typedUrlsGetAScheme() throws Exception {
        assertEquals(URI.create("http://127.0.0.1:9229"), Endpoints.typed("127.0.0.1:9229", "http"));
        assertEquals("ws://127.0.0.1:9229/abc", Endpoints.typed(" ws://127.0.0.1:9229/abc ", "http").toString());
        var e = assertThrows(AcquireException.class, () -> Endpoints.typed("http://", "http"));
        assertEquals(AcquireException.Reason.NOT_FOUND, e.reason());
        assertThrows(AcquireException.class, () -> Endpoints.typed("ftp://127.0.0.1:21", "http"));
        assertThrows(AcquireException.class, () -> Endpoints.typed("http://127.0.0.1/", "http"), "no port");
    }

    @Test
    void loopbackIsKnownWithoutAskingANameServer() {
        for (String h : List.of("localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]")) assertTrue(Endpoints.isLoopback(h), h);
        for (String h : List.of("10.0.0.1", "192.168.1.1", "example.org", "")) assertFalse(Endpoints.isLoopback(h), h);
    }

    @Test
    void aHandedBackUrlIsFollowedToLoopbackOrTheTypedHostOnly() throws Exception {
        URI typed = URI.create("http://localhost:9222");
        assertEquals("ws://127.0.0.1:9222/devtools/page/X", Endpoints.follow(typed, "ws://127.0.0.1:9222/devtools/page/X").toString());
        var e = assertThrows(AcquireException.class, () -> Endpoints.follow(typed, "ws://10.9.8.7:9222/devtools/page/X"));
        assertEquals(AcquireException.Reason.NOT_LOOPBACK, e.reason());
        assertTrue(e.getMessage().contains("not followed"), e.getMessage());
        URI remote = URI.create("http://devbox.example:9222"); // a host the user typed
        assertEquals("devbox.example", Endpoints.follow(remote, "ws://devbox.example:9222/devtools/page/X").getHost());
    }

    @Test
    void dartServiceUrisBecomeTheirWebSocket() {
        assertEquals("ws://127.0.0.1:8181/AbC=/ws", DartVmService.webSocket(URI.create("http://127.0.0.1:8181/AbC=/")).toString());
        assertEquals("ws://127.0.0.1:8181/ws", DartVmService.webSocket(URI.create("http://127.0.0.1:8181")).toString());
        assertEquals("ws://127.0.0.1:8181/AbC=/ws", DartVmService.webSocket(URI.create("ws://127.0.0.1:8181/AbC=/ws")).toString());
    }

    @Test
    void jvmTitlesAsUsersKnowThem() {
        assertEquals("KnownObjects.java", JvmAttach.title("jdk.compiler/com.sun.tools.javac.launcher.SourceLauncher /data/live/KnownObjects.java"));
        assertEquals("com.example.Main --port 80", JvmAttach.title("app/com.example.Main --port 80"));
        assertEquals("app.jar serve", JvmAttach.title("/opt/app/app.jar serve"));
        assertEquals("org.example.Main", JvmAttach.title("org.example.Main"));
    }

    @Test
    void jsonRoundTrips() {
        Map<String, Object> m = Json.object("{\"id\":3,\"params\":{\"chunk\":\"a\\\"b\\u00e9\\n\",\"done\":1.5,\"ok\":true,\"n\":null},\"l\":[1,2]}");
        assertEquals(3L, m.get("id"));
        assertEquals("a\"b\u00e9\n", Json.map(m.get("params")).get("chunk"));
        assertEquals(List.of(1L, 2L), m.get("l"));
        assertEquals(m, Json.object(Json.write(m)));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\":"));
    }
}
