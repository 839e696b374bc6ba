/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Every reason a packet can be dropped (or handed elsewhere), defined once. The X-macro
 * generates the enum and the names shown in stats, telemetry and metrics. The rule for each
 * is in docs/drops.md; keep both in step.
 */
#ifndef HVLB_CORE_DROP_H
#define HVLB_CORE_DROP_H

#define HVLB_DROP_REASONS(X)                                                                       \
	X(TRUNCATED, "truncated")                 /* frame shorter than its headers claim */      \
	X(BAD_L3_LEN, "bad_l3_len")               /* IP length field inconsistent with frame */   \
	X(BAD_IP_VERSION, "bad_ip_version")       /* version nibble does not match EtherType */  \
	X(BAD_IP_CSUM, "bad_ip_csum")             /* IPv4 header checksum wrong */               \
	X(BAD_L4_CSUM, "bad_l4_csum")             /* TCP/UDP/ICMP checksum wrong */              \
	X(BAD_L4_HDR, "bad_l4_hdr")               /* e.g. TCP data offset < 5, UDP len wrong */  \
	X(TCP_BAD_FLAGS, "tcp_bad_flags")         /* TCP flags no TCP sends (SYN+FIN, none...) */ \
	X(IP_OPTIONS, "ip_options")               /* IPv4 header with options */                 \
	X(IPV6_EXT_HDR, "ipv6_ext_hdr")           /* AH, mobility, HIP, shim6, experimental */   \
	X(IPV6_EXT_TRUNCATED, "ipv6_ext_truncated") /* IPv6 extension header past the packet */ \
	X(IPV6_EXT_TOO_MANY, "ipv6_ext_too_many") /* more than 8 IPv6 extension headers */       \
	X(IPV6_EXT_TOO_LONG, "ipv6_ext_too_long") /* over 256 bytes of IPv6 extension headers */ \
	X(IPV6_HBH_MISPLACED, "ipv6_hbh_misplaced") /* hop-by-hop not right after IPv6 header */ \
	X(IPV6_SRC_ROUTE, "ipv6_src_route")       /* routing header with segments left > 0 */   \
	X(FRAGMENT, "fragment")                   /* IPv4 or IPv6 fragment, not forwarded */     \
	X(FRAG_MALFORMED, "frag_malformed")       /* no datagram can be made of it */            \
	X(FRAG_DUPLICATE, "frag_duplicate")       /* a fragment seen already */                  \
	X(FRAG_OVERLAP, "frag_overlap")           /* overlaps one seen: the datagram refused */  \
	X(FRAG_TOO_MANY, "frag_too_many")         /* more than 64 fragments in a datagram */     \
	X(FRAG_TIMEOUT, "frag_timeout")           /* held for a first fragment that never came */ \
	X(FRAG_HOLD_FULL, "frag_hold_full")       /* no room to wait for its first fragment */   \
	X(FRAG_NO_CONN, "frag_no_conn")           /* its first fragment opened no connection */  \
	X(TOO_BIG, "too_big")                     /* longer than the MTU of the port it leaves \
						     by, and not an IPv4 packet it may fragment \
						     (DF set, IPv6, not whole in one mbuf) */   \
	X(FRAG_NO_MBUF, "frag_no_mbuf")           /* no mbuf for a fragment of a too-long IPv4 \
						     packet: the packet is dropped */           \
	X(TTL_EXCEEDED, "ttl_exceeded")           /* TTL / hop limit would reach 0 */            \
	X(MARTIAN, "martian")                     /* bad source: multicast, broadcast, loopback */ \
	X(UNKNOWN_ETHERTYPE, "unknown_ethertype") /* not IPv4, IPv6, ARP (after 802.1Q) */       \
	X(L2_OTHER_HOST, "l2_other_host")         /* unicast frame for another MAC */            \
	X(UNKNOWN_L4, "unknown_l4")               /* VIP traffic that is not TCP/UDP/ICMP */     \
	X(NOT_FOR_US, "not_for_us")               /* no VIP, no local address, no connection */  \
	X(TCP_NO_CONN, "tcp_no_conn")             /* TCP to a VIP, no connection, not a SYN */   \
	X(NO_VS, "no_vs")                         /* a VIP address, but no service on that port */ \
	X(NO_RS, "no_rs")                         /* the service has no usable real service */   \
	X(VS_RATE_LIMITED, "vs_rate_limited")     /* past the service's new-connection rate */   \
	X(RS_CONN_LIMITED, "rs_conn_limited")     /* the chosen real has its most connections */ \
	X(CONN_TABLE_FULL, "conn_table_full")     /* no room for a new connection */             \
	X(SYNPROXY_BAD_COOKIE, "synproxy_bad_cookie") /* ACK to a proxied service, no cookie */ \
	X(SYNPROXY_WAIT, "synproxy_wait")         /* proxied conn., NF has not answered yet */   \
	X(RS_REMOVED, "rs_removed")               /* connection's RS was removed with --hard */  \
	X(RS_DOWN, "rs_down")                     /* from the down RS of a rescheduled conn. */  \
	X(NO_ROUTE, "no_route")                   /* no route to the next hop */                 \
	X(NEIGH_MISS, "neigh_miss")               /* next hop unresolved for NEIGH_HOLD_MS */     \
	X(NEIGH_HOLD_FULL, "neigh_hold_full")     /* no room to wait for the next hop's MAC */   \
	X(ICMP_UNHANDLED, "icmp_unhandled")       /* ICMP type hvlb does not act on */           \
	X(ICMP_NO_CONN, "icmp_no_conn")           /* ICMP error about no known connection */     \
	X(ARP_IGNORED, "arp_ignored")             /* ARP/ND not for one of our addresses */      \
	X(BAD_ARP, "bad_arp")                     /* malformed ARP / neighbour discovery */      \
	X(LOCAL_UNHANDLED, "local_unhandled")     /* to our own address, not ARP/ND/echo */      \
	X(HANDOFF_FULL, "handoff_full")           /* ring to the connection's owner full */      \
	X(CTRL_RING_FULL, "ctrl_ring_full")       /* ring to the control thread full */          \
	X(TX_FULL, "tx_full")                     /* port TX queue did not take the packet */    \
	X(EXCEPTION_FULL, "exception_full")       /* exception path's ring or device full */    \
	X(TUNNEL_TOO_BIG, "tunnel_too_big")       /* too long once encapsulated: the client was \
						     sent an ICMP frag. needed / too big */     \
	X(TUNNEL_ICMP_LIMITED, "tunnel_icmp_limited") /* too long, and the ICMP rate spent */    \
	X(TUNNEL_NO_SOURCE, "tunnel_no_source")   /* no outer source address for the NF's family \
						     on the port towards it */                  \
	X(TUNNEL_NO_ROOM, "tunnel_no_room")       /* no headroom for the outer headers */       \
	X(FULLNAT_NO_PORT, "fullnat_no_port")     /* FullNAT: no free local port on this worker */ \
	X(VXLAN_MALFORMED, "vxlan_malformed")     /* VXLAN to us: I flag clear, too short, ... */ \
	X(VXLAN_UNKNOWN_VNI, "vxlan_unknown_vni") /* VXLAN to us: no service has its VNI */      \
	X(VXLAN_INNER_UNHANDLED, "vxlan_inner_unhandled") /* inner frame not TCP/UDP over IPv4 */ \
	X(VXLAN_WRONG_VTEP, "vxlan_wrong_vtep")   /* NF reply from a VTEP not its connection's */ \
	X(SCTP_BAD_CRC, "sctp_bad_crc")           /* SCTP CRC32c checksum wrong */               \
	X(SCTP_BAD_CHUNK, "sctp_bad_chunk")       /* SCTP chunk malformed or wrongly bundled */  \
	X(SCTP_BAD_VTAG, "sctp_bad_vtag")         /* INIT with a tag, 0, or not the assoc.'s */  \
	X(SCTP_UNKNOWN_CHUNK, "sctp_unknown_chunk") /* unknown chunk its receiver discards */     \
	X(SCTP_ASCONF, "sctp_asconf")             /* ASCONF: address changes refused (NAT) */    \
	X(SCTP_NO_CONN, "sctp_no_conn")           /* SCTP to a VIP, no association, not INIT */ \
	X(TOO_BIG_ICMP_LIMITED, "too_big_icmp_limited") /* too_big, and the too-big ICMP rate \
							   spent: no ICMP sent */

enum hvlb_drop {
	HVLB_DROP_NONE = 0,
#define HVLB_DROP_ENUM(name, str) HVLB_DROP_##name,
	HVLB_DROP_REASONS(HVLB_DROP_ENUM)
#undef HVLB_DROP_ENUM
		HVLB_DROP_MAX
};

/* The name of a drop reason as shown to operators ("truncated", ...), "none" for 0. */
const char *hvlb_drop_name(unsigned reason);

/* The reason whose name is s, or -1. */
int hvlb_drop_from_name(const char *s);

#endif
