/** See docs/architecture.md for this package's one job. */
package org.polyheap.analysis;
