package org.polyheap.acquire;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;

/**
 * URLs the user types and the ones targets hand back, and the loopback rule: Polyheap looks for targets
 * on loopback only; it speaks to another host only when the user typed that host, and it follows a
 * WebSocket URL a target hands back only to loopback or to the host the user typed.
 */
final class Endpoints {
    private Endpoints() { }

    /**
     * A URL the user typed, with {@code defaultScheme} when it has none ({@code 127.0.0.1:9229},
     * {@code localhost:9222}); {@link AcquireException} (NOT_FOUND) when it is no URL with a host and port.
     */
    static URI typed(String text, String defaultScheme) throws AcquireException {
        String t = text.strip();
        if (!t.contains("://")) t = defaultScheme + "://" + t;
        try {
            URI u = new URI(t);
            if (u.getHost() == null) throw new AcquireException(AcquireException.Reason.NOT_FOUND, text + ": not a URL with a host");
            String scheme = u.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("ws") && !scheme.equals("https") && !scheme.equals("wss")) {
                throw new AcquireException(AcquireException.Reason.NOT_FOUND, text + ": not an http:// or ws:// URL");
            }
            if (u.getPort() < 0 && (scheme.equals("http") || scheme.equals("ws"))) {
                throw new AcquireException(AcquireException.Reason.NOT_FOUND, text + ": no port (the runtime prints its URL with one)");
            }
            return u;
        } catch (URISyntaxException e) {
            throw new AcquireException(AcquireException.Reason.NOT_FOUND, text + ": not a URL (" + e.getReason() + ")");
        }
    }

    /** True when {@code host} is a loopback address or {@code localhost}; never asks a name server for another name. */
    static boolean isLoopback(String host) {
        if (host == null) return false;
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) return true;
        if (!h.matches("[0-9.]+|[0-9a-fA-F:]+")) return false; // a name: not looked up
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * {@code handedBack}, a URL a target gave (a page's WebSocket), when its host is loopback or the one the
     * user typed in {@code typed}; otherwise NOT_LOOPBACK.
     */
    static URI follow(URI typed, String handedBack) throws AcquireException {
        URI u;
        try {
            u = new URI(handedBack);
        } catch (URISyntaxException e) {
            throw new AcquireException(AcquireException.Reason.REFUSED, typed + " handed back a malformed URL: " + handedBack);
        }
        if (u.getHost() == null) throw new AcquireException(AcquireException.Reason.REFUSED, typed + " handed back a URL without a host: " + handedBack);
        if (isLoopback(u.getHost()) || u.getHost().equalsIgnoreCase(typed.getHost())) return u;
        throw new AcquireException(AcquireException.Reason.NOT_LOOPBACK, typed + " handed back " + handedBack
                + ", on a host you did not give: not followed");
    }

    /** {@code http://host:port} of a ws:// or http:// URL. */
    static String httpBase(URI u) {
        String scheme = u.getScheme().equalsIgnoreCase("wss") || u.getScheme().equalsIgnoreCase("https") ? "https" : "http";
        return scheme + "://" + hostPort(u);
    }

    static String hostPort(URI u) {
        String host = u.getHost().contains(":") && !u.getHost().startsWith("[") ? "[" + u.getHost() + "]" : u.getHost();
        return u.getPort() < 0 ? host : host + ":" + u.getPort();
    }

    /** {@code u} with the scheme ws (wss for https). */
    static URI toWs(URI u) {
        String s = u.getScheme().toLowerCase(java.util.Locale.ROOT);
        String ws = s.equals("https") || s.equals("wss") ? "wss" : "ws";
        String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
        return URI.create(ws + "://" + u.getRawAuthority() + path);
    }
}
