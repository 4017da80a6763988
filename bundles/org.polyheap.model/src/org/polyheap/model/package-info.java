/** The vocabulary every bundle shares: snapshot read API, parser SPI, ids and kinds. Pure Java. */
package org.polyheap.model;
