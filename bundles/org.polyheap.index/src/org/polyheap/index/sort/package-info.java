/** The external sort that turns outbound references into the inbound index. Internal. */
package org.polyheap.index.sort;
