/**
 * File ▸ Acquire Snapshot…: {@link org.polyheap.ui.acquire.AcquireSnapshotDialog} lists what can be
 * snapshotted through {@code org.polyheap.acquire.Acquire}, takes one with progress and Cancel, and opens
 * it; {@link org.polyheap.ui.acquire.AcquireSnapshotHandler} is the menu command's handler.
 */
package org.polyheap.ui.acquire;
