/**
 * Taking a snapshot from a running process, one home per protocol: local JVMs through the Attach API
 * ({@link org.polyheap.acquire.JvmAttach}), V8 over the Chrome DevTools Protocol — Node inspectors and
 * Chrome, Edge and Electron pages — ({@link org.polyheap.acquire.Cdp}, {@link org.polyheap.acquire.NodeProcesses}),
 * and the Dart VM service ({@link org.polyheap.acquire.DartVmService}). {@link org.polyheap.acquire.Acquire}
 * is the one entry point the command and the window use; every snapshot streams to a temporary name
 * beside its destination ({@link org.polyheap.acquire.PartFile}) and is renamed when complete.
 * Pure Java: {@code java.net.http} for HTTP and WebSocket, {@code jdk.attach} for JVMs.
 */
package org.polyheap.acquire;
