#!/usr/bin/env bash
# make bench: Mpps of one forwarder worker core on memory-fed ring ports, side by side with
# DPDK's own floor on the same path (a bare rx_burst -> tx_burst loop), plus instructions per
# packet under callgrind; then 1 and 2 workers under uniform and skewed load, with and without
# RSS-A (bench/skew.py); then SIP calls through a UDP VIP (bench/sip.py), a SIP trunk's
# fragmented calls by Call-ID (bench/sip_trunk.py), a spoofed flood
# (bench/flood.py), connection sync (bench/sync.py), the control side at scale
# (bench/publish.py), the connection table at scale (bench/conns.py) and the kernel-interface
# path against nftables (bench/kernelpath.py), the in-kernel fast path's bookkeeping
# (bench/kfp_books.py) and the NFV datapath (vhost-user) against OVS-DPDK
# (bench/nfv.py). Writes docs/benchmarks.md and ends with one JSON line.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=build/forwarder/bench/fwd_bench
SECS=${BENCH_SECONDS:-2}
REPS=${BENCH_REPS:-3}
CG_PKTS=${BENCH_CALLGRIND_PACKETS:-20000}
OUT=bench/out
mkdir -p "$OUT"

[ -x "$BIN" ] || { echo "bench: $BIN missing (run make build)" >&2; exit 1; }
if [ "$(id -u)" -ne 0 ]; then
	echo "bench: needs root (huge pages)" >&2
	exit 1
fi

# Huge pages: 1 GiB of 2 MiB pages while the benchmark runs; restored afterwards.
HP=/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages
old_hp=$(cat "$HP")
mounted=0
restore() {
	rm -rf /var/run/dpdk/hvlb_bench /var/run/dpdk/hvlb_cg /var/run/dpdk/hvlb_skew
	echo "$old_hp" >"$HP"
	if [ "$mounted" = 1 ]; then umount /dev/hugepages 2>/dev/null || true; fi
}
trap restore EXIT
[ "$old_hp" -ge 512 ] || echo 512 >"$HP"
if ! mount | grep -q "hugetlbfs"; then
	mkdir -p /dev/hugepages
	mount -t hugetlbfs nodev /dev/hugepages
	mounted=1
fi
EAL=(-l 0,1 --no-pci --huge-unlink --file-prefix hvlb_bench --log-level=lib.*:error
	--log-level=user1:error)

run() { # mode flows [service] -> Mpps (best of REPS, interleaved by the caller)
	# A new flow per packet fills the 4M-entry table in about a second: measure for 0.5 s so
	# every packet really is a new connection, not a conn_table_full drop.
	local secs=$SECS
	[ "$2" = new ] && secs=0.5
	# The vxlan "service": the same UDP flows inside VXLAN to a vxlan service (--proto vxlan).
	local svc=(--service "${3:-nat}")
	[ "${3:-}" = vxlan ] && svc=(--proto vxlan)
	"$BIN" "${EAL[@]}" -- --mode "$1" --flows "$2" --seconds "$secs" "${svc[@]}" | tail -1 |
		python3 -c 'import json,sys
r = json.load(sys.stdin)
if r["drops"]:
    print("bench: %d drops in %s" % (r["drops"], r), file=sys.stderr)
print(r["mpps"])'
}

# TCP connections per second (forwarder/bench/cps_bench.c): whole connections (handshake,
# request, reply, close) through the worker loop, counted in the worker's own cycles.
CPS_CONNS=${BENCH_CPS_CONNS:-1000000}
cps() {
	"$BIN" "${EAL[@]}" -- --mode cps --flows "$CPS_CONNS" | tail -1 |
		python3 -c 'import json,sys
r = json.load(sys.stdin)
if r["lost"] or r["drops"]:
    print("bench: cps lost packets: %s" % r, file=sys.stderr)
print(r["tcp_cps"])'
}

declare -A best spreads
floors=()
for rep in $(seq "$REPS"); do
	# fwd:1:gue, fwd:1:ipip: tunnel mode's established flow (docs/mode-tunnel.md); fwd:1:fullnat:
	# the same flow to a FullNAT service (docs/mode-fullnat.md); fwd:1:vxlan: the same UDP flow
	# inside VXLAN to a vxlan service (docs/mode-vxlan.md).
	for s in floor:1 fwd:1 fwd:10000 fwd:new fwd:1:gue fwd:1:ipip fwd:1:fullnat fwd:1:vxlan; do
		IFS=: read -r mode flows svc <<<"$s"
		v=$(run "$mode" "$flows" "${svc:-nat}")
		echo "  rep $rep  $mode flows=$flows ${svc:-nat}  $v Mpps" >&2
		[ "$mode" = floor ] && floors+=("$v")
		spreads[$s]="${spreads[$s]:-} $v"
		cur=${best[$s]:-0}
		best[$s]=$(python3 -c "print(max($cur, $v))")
	done
	v=$(cps)
	echo "  rep $rep  tcp_cps $v" >&2
	best[cps]=$(python3 -c "print(max(${best[cps]:-0}, $v))")
done
# The floor is the same loop every time: when it (or any row) moves by more than NOISE_MAX
# between repetitions, the machine was too busy for this run's wall-clock figures to mean
# much, and the output says so instead of printing them as if they did.
ROWS_ALL=""
for k in "${!spreads[@]}"; do ROWS_ALL="$ROWS_ALL$k=${spreads[$k]// /,};"; done
export ROWS_ALL FLOOR_ALL="${floors[*]}" CPS_BEST="${best[cps]}" NOISE_MAX=${BENCH_NOISE_MAX:-0.10} CPS_CONNS

# Instructions per packet: the same binary, one thread, no huge pages, counted by callgrind
# inside worker_poll_once only (the floor loop inside floor_poll).
ipp() { # mode flows fn [proto [service [extra fwd_bench flag]]]
	local f="$OUT/callgrind.$1.$2.${4:-udp}.${5:-nat}${6:-}.out"
	valgrind --tool=callgrind --callgrind-out-file="$f" --toggle-collect="$3" \
		"$BIN" --no-huge -m 1024 --no-pci -l 0 --file-prefix hvlb_cg --log-level=lib.*:error \
		--log-level=user1:error -- --mode "$1" --flows "$2" --proto "${4:-udp}" \
		--service "${5:-nat}" --single "$CG_PKTS" ${6:-} >/dev/null 2>&1
	python3 - "$f" "$CG_PKTS" <<'PY'
import sys
ir = 0
for line in open(sys.argv[1]):
    if line.startswith("summary:") or line.startswith("totals:"):
        ir = int(line.split()[1])
print(round(ir / int(sys.argv[2]), 1))
PY
}
if command -v valgrind >/dev/null; then
	ipp_floor=$(ipp floor 1 floor_poll)
	ipp_est1=$(ipp fwd 1 worker_poll_once)
	ipp_est10k=$(ipp fwd 10000 worker_poll_once)
	ipp_new=$(ipp fwd new worker_poll_once)
	# TCP: a SYN opens each flow, the NF answers it with a SYN-ACK (fwd_bench's
	# nf_answer_syns), ACKs follow; the established row is counted once the flows are
	# established; every segment's flags are checked (tcp_bad_flags).
	ipp_tcp1=$(ipp fwd 1 worker_poll_once tcp)
	ipp_tcpnew=$(ipp fwd new worker_poll_once tcp)
	# SCTP (docs/sctp.md): an INIT opens each flow, the NF answers with an INIT-ACK, DATA
	# follows, to a real on another port (every packet's CRC32c checked and computed again).
	export IPP_SCTP1=$(ipp fwd 1 worker_poll_once sctp)
	export IPP_SCTPNEW=$(ipp fwd new worker_poll_once sctp)
	ipp_vx1=$(ipp fwd 1 worker_poll_once vxlan)
	# A whole 1,900-byte UDP datagram without DF (as an af_packet port's kernel reassembles
	# them, docs/fragments.md), NAT, sent on in two fragments of the 1500-byte MTU.
	export IPP_BIG1=$(ipp fwd 1 worker_poll_once big)
	# The same with each frame's RSS hash given as a NIC would (fwd_bench --nic-hash).
	export IPP_NIC1=$(ipp fwd 1 worker_poll_once udp nat --nic-hash)
	export IPP_NIC10K=$(ipp fwd 10000 worker_poll_once udp nat --nic-hash)
	export IPP_NICNEW=$(ipp fwd new worker_poll_once udp nat --nic-hash)
	# With an override in force, as after a flow move (fwd_bench --steered).
	export IPP_STEER1=$(ipp fwd 1 worker_poll_once udp nat --steered)
	export IPP_STEERNEW=$(ipp fwd new worker_poll_once udp nat --steered)
	# ... and the flow's connection one a move brought here (fwd_bench --moved).
	export IPP_MOVED1=$(ipp fwd 1 worker_poll_once udp nat --moved)
	ipp_gue1=$(ipp fwd 1 worker_poll_once udp gue)
	ipp_ipip1=$(ipp fwd 1 worker_poll_once udp ipip)
	ipp_fn1=$(ipp fwd 1 worker_poll_once udp fullnat)
	# Instructions per TCP connection (8 packets each), the same cps run on 8192 connections.
	cg=$OUT/callgrind.cps.out
	valgrind --tool=callgrind --callgrind-out-file="$cg" --toggle-collect=worker_poll_once \
		"$BIN" --no-huge -m 1024 --no-pci -l 0 --file-prefix hvlb_cg --log-level=lib.*:error \
		--log-level=user1:error -- --mode cps --flows 8192 >/dev/null 2>&1
	export CPS_IPC=$(python3 -c 'import sys
ir = [int(l.split()[1]) for l in open(sys.argv[1]) if l.startswith(("summary:", "totals:"))]
print(round(ir[-1] / 8192))' "$cg")
	# Established flows at scale: 1 M UDP flows in a 2 M table, callgrind's cache simulation
	# with a 16 MiB last level: the data lines a packet misses, in the first level and in the
	# last (its waits on memory). Exact and the same on a loaded machine, where wall-clock
	# Mpps at 1 M flows is not.
	cm=$OUT/callgrind.cache.1m.out
	valgrind --tool=callgrind --cache-sim=yes --LL=16777216,16,64 --callgrind-out-file="$cm" \
		--toggle-collect=worker_poll_once "$BIN" --no-huge -m 2048 --no-pci -l 0 \
		--file-prefix hvlb_cg --log-level=lib.*:error --log-level=user1:error -- --mode fwd \
		--flows 1000000 --service nat --single "$CG_PKTS" >/dev/null 2>&1
	export CACHE_1M=$(python3 -c 'import sys
ev = tot = None
for l in open(sys.argv[1]):
    if l.startswith("events:"):
        ev = l.split()[1:]
    if l.startswith(("summary:", "totals:")):
        tot = [int(x) for x in l.split()[1:]]
tot += [0] * (len(ev) - len(tot))
v = dict(zip(ev, tot))
n = int(sys.argv[2])
print("%.1f %.2f %.2f" % (v["Ir"] / n, v["D1mr"] / n, v["DLmr"] / n))' "$cm" "$CG_PKTS")
	# Where the established flow's instructions go, function by function.
	export CG_BREAK=$(python3 bench/cgbreak.py "$OUT/callgrind.fwd.1.udp.nat.out" "$CG_PKTS" 12)
	# Every packet fixture through the worker, case by case (bench/fixtures.py).
	export FX_JSON=$(python3 bench/fixtures.py --runner build/forwarder/tests/fixtures/fixture_runner \
		--markdown "$OUT/fixtures.md" | tail -1) FX_MD="$OUT/fixtures.md"
else
	ipp_floor=null ipp_est1=null ipp_est10k=null ipp_new=null ipp_tcp1=null ipp_tcpnew=null
	ipp_gue1=null ipp_ipip1=null ipp_fn1=null ipp_vx1=null
fi

# Several workers, uniform and skewed, with and without RSS-A: each worker modelled as a
# dedicated core on one thread (forwarder/bench/skew.c says why), no-drop rates searched.
skew_json=$(python3 bench/skew.py "$BIN" -l 0 --no-pci --huge-unlink --file-prefix hvlb_skew \
	--log-level=lib.*:error --log-level=user1:error | tail -1)
echo "  skew: $skew_json" >&2

# Idle mode: CPU at idle and the latency cost of waking (bench/idle.py, in namespaces).
idle_json=$(python3 bench/idle.py | tail -1)
echo "  idle: $idle_json" >&2

res=$(python3 - "${best[floor:1]}" "${best[fwd:1]}" "${best[fwd:10000]}" "${best[fwd:new]}" \
	"$ipp_floor" "$ipp_est1" "$ipp_est10k" "$ipp_new" "$SECS" "$REPS" "$idle_json" \
	"$skew_json" "$ipp_tcp1" "$ipp_tcpnew" "${best[fwd:1:gue]}" "${best[fwd:1:ipip]}" \
	"$ipp_gue1" "$ipp_ipip1" "${best[fwd:1:fullnat]}" "$ipp_fn1" "${best[fwd:1:vxlan]}" \
	"$ipp_vx1" <<'PY'
import json, os, platform, subprocess, sys, datetime
floor, est1, est10k, new = map(float, sys.argv[1:5])
ipp = [None if a == "null" else float(a) for a in sys.argv[5:9]]
secs, reps = sys.argv[9], sys.argv[10]
idle = json.loads(sys.argv[11])
skew = json.loads(sys.argv[12])
ipp_tcp = [None if a == "null" else float(a) for a in sys.argv[13:15]]
gue1, ipip1 = map(float, sys.argv[15:17])
ipp_tun = [None if a == "null" else float(a) for a in sys.argv[17:19]]
fn1, ipp_fn1 = float(sys.argv[19]), None if sys.argv[20] == "null" else float(sys.argv[20])
vx1, ipp_vx1 = float(sys.argv[21]), None if sys.argv[22] == "null" else float(sys.argv[22])
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
res = {
    "established_mpps": est1, "established_10k_mpps": est10k, "new_flow_mpps": new,
    "floor_mpps": floor,
    "established_over_floor": round(est1 / floor, 3), "established_10k_over_floor": round(est10k / floor, 3),
    "new_flow_over_floor": round(new / floor, 3),
    "instr_per_pkt": {"floor": ipp[0], "established": ipp[1], "established_10k": ipp[2], "new_flow": ipp[3],
                      "tcp_1_flow": ipp_tcp[0], "tcp_new_flow": ipp_tcp[1],
                      "tunnel_gue_1_flow": ipp_tun[0], "tunnel_ipip_1_flow": ipp_tun[1],
                      "fullnat": ipp_fn1, "vxlan_1_flow": ipp_vx1,
                      **{k: float(os.environ[e]) for k, e in (
                          ("nic_hash_1_flow", "IPP_NIC1"), ("nic_hash_10k", "IPP_NIC10K"),
                          ("nic_hash_new_flow", "IPP_NICNEW")) if os.environ.get(e)}},
    "tunnel_gue_mpps": gue1, "tunnel_ipip_mpps": ipip1,
    "fullnat_mpps": fn1, "fullnat_over_floor": round(fn1 / floor, 3),
    "vxlan_established_mpps": vx1,
}
rows = [("DPDK floor (rx_burst -> tx_burst)", floor, ipp[0]),
        ("established, 1 flow", est1, ipp[1]),
        ("established, 10,000 flows", est10k, ipp[2]),
        ("new flow every packet", new, ipp[3]),
        ("tunnel mode, GUE, established, 1 flow", gue1, ipp_tun[0]),
        ("tunnel mode, IPIP, established, 1 flow", ipip1, ipp_tun[1]),
        ("FullNAT established, 1 flow (docs/mode-fullnat.md)", fn1, ipp_fn1),
        ("VXLAN established, 1 flow (decapsulated, re-encapsulated to the NF's VTEP)", vx1, ipp_vx1)]
md = ["# Benchmarks", "",
      "Generated by `make bench` (bench/run.sh); do not edit by hand.", "",
      f"- date: {datetime.date.today()}", f"- machine: {cpu}, {os.cpu_count()} cores, {platform.release()}",
      f"- command: `make bench` (BENCH_SECONDS={secs}, BENCH_REPS={reps}; best of the repetitions, run interleaved)",
      "- path: 64-byte UDP to a NAT virtual service (the tunnel rows: a tunnel-mode one, each frame leaving 20 or 28 bytes longer; the VXLAN row: the same frames inside VXLAN to a vxlan service), memory-fed `net_ring` ports; a generator on the other core",
      "  refills port 0's RX ring and recycles port 1's TX ring; one worker core measured.",
      "- instructions per packet: the same binary under `valgrind --tool=callgrind`, single thread, `--no-huge`,",
      "  counted inside `worker_poll_once` (floor: `floor_poll`), generator excluded; the established",
      "  rows' flows are each opened once before the count starts.", "",
      "| path | Mpps (1 core) | vs floor | instructions / packet |", "|---|---|---|---|"]
for name, mpps, i in rows:
    md.append(f"| {name} | {mpps:.2f} | {mpps / floor:.1%} | {'' if i is None else i} |")
fl = [float(v) for v in os.environ["FLOOR_ALL"].split()]
spread = (max(fl) - min(fl)) / max(fl) if fl else 0.0
row_spread = {}
for item in filter(None, os.environ.get("ROWS_ALL", "").split(";")):
    k, vs = item.split("=", 1)
    v = [float(x) for x in vs.split(",") if x]
    if v and max(v) > 0:
        row_spread[k] = round((max(v) - min(v)) / max(v), 3)
noisy = spread > float(os.environ["NOISE_MAX"]) or any(
    r > float(os.environ["NOISE_MAX"]) for r in row_spread.values())
res.update({"floor_spread": round(spread, 3), "row_spread": row_spread, "noisy": noisy,
            "tcp_cps": round(float(os.environ["CPS_BEST"])),
            "tcp_cps_instr_per_conn": int(os.environ["CPS_IPC"]) if os.environ.get("CPS_IPC") else None})
if noisy:
    print(f"bench: NOISY: between repetitions the DPDK floor moved by {spread:.0%}, the rows by up to "
          f"{max(row_spread.values(), default=0):.0%} (more than {float(os.environ['NOISE_MAX']):.0%}): "
          "the Mpps figures of this run are not to be trusted", file=sys.stderr)
md += ["", "Figures on this shared 2-core VM are noisy; compare ratios measured in the same run. "
       f"Between repetitions the floor moved by {spread:.1%} and the rows by up to "
       f"{max(row_spread.values(), default=0):.1%}"
       + (f" (**more than {float(os.environ['NOISE_MAX']):.0%}: this run's Mpps figures are noise-bound**)." if noisy else "."), "",
       "The rows above are UDP. TCP (`fwd_bench --proto tcp`: a SYN opens each flow, the NF answers",
       "with a SYN-ACK, ACKs follow; its flags are checked on every segment, `tcp_bad_flags`),",
       "instructions per packet: "
       f"1 flow established {'' if ipp_tcp[0] is None else ipp_tcp[0]}, a new flow every packet "
       f"{'' if ipp_tcp[1] is None else ipp_tcp[1]}.", "",
       "SCTP (`fwd_bench --proto sctp`, docs/sctp.md: an INIT opens each association, the NF answers",
       "with an INIT-ACK, 4-byte DATA chunks follow, to a real on another port, so each packet's",
       "CRC32c is verified and computed again; SCTP never takes the fast path), instructions per",
       f"packet: 1 association established {os.environ.get('IPP_SCTP1', '')}, a new one every packet "
       f"{os.environ.get('IPP_SCTPNEW', '')}.", "",
       "A fragmented datagram (`fwd_bench --proto big`, docs/fragments.md): a whole 1,900-byte UDP",
       "datagram without DF, as an af_packet port's kernel reassembles the client's fragments, to",
       "the NAT VIP, rewritten and sent on in two fragments of the 1500-byte MTU (two mbufs",
       "allocated, the payload copied, each header's checksum computed), instructions per datagram,",
       f"1 flow established: {os.environ.get('IPP_BIG1', '')} (against the established UDP row: the",
       "fragmenting's own cost).", "",
       "With each frame's RSS hash given as a NIC set up by `port.c` would (`fwd_bench --nic-hash`:",
       "the tables file keys by it, `conn_hash`; docs/forwarder-config.md), instructions per packet: "
       f"established 1 flow {os.environ.get('IPP_NIC1', '')}, 10,000 flows "
       f"{os.environ.get('IPP_NIC10K', '')}, a new flow every packet {os.environ.get('IPP_NICNEW', '')} "
       "(against the UDP rows above: the CRC32 of the key saved on every packet, a Toeplitz hash of "
       "the REPLY key in software added to a new connection).", "",
       "With an override in force (`fwd_bench --steered`: one, for a flow none of these is), as every",
       "worker has from a flow move by RSS-A or an operator for as long as any moved connection",
       "lives (docs/forwarder-config.md, \"Workers, flow steering and RSS-A\"), instructions per packet: established 1 flow "
       f"{os.environ.get('IPP_STEER1', '')}, a new flow every packet {os.environ.get('IPP_STEERNEW', '')} "
       "(against the UDP rows above: each packet's port looked up, the owner asked of a packet that",
       "finds no connection, with the override table, and the classifier's own copy); the flow's",
       "connection one a move brought to this worker (`--moved`), established: "
       f"{os.environ.get('IPP_MOVED1', '')} (docs/forwarder-config.md says what they were before",
       "a worker with overrides looked packets up first).", "",
       "## TCP connections per second", "",
       "`fwd_bench --mode cps` (forwarder/bench/cps_bench.c): whole TCP connections through the worker",
       "loop on the same ring ports, each eight packets (client SYN, NF SYN-ACK, client ACK, request,",
       "reply, client FIN, NF FIN, client ACK) to a NAT service; the NF side answers the very frames",
       "the forwarder sent it. Only the worker's cycles count (the generator shares its thread but not",
       f"the figure). {os.environ.get('CPS_CONNS', '1000000')} connections a repetition, all left in TIME_WAIT in the table; best of the",
       "repetitions.", "",
       f"- `tcp_cps`: **{float(os.environ['CPS_BEST']):,.0f} connections a second on one worker core** "
       "(DPVS: about 200k per worker; HDSLB: about 1M per core; direction 2M);",
       f"- instructions per connection (callgrind, 8192 connections): {os.environ.get('CPS_IPC', 'n/a')}.", "",
       ]
if os.environ.get("CACHE_1M"):
    c = os.environ["CACHE_1M"].split()
    md += ["## Established flows at scale", "",
           "1,000,000 established UDP flows to a NAT service (a 2 M-entry table), under callgrind's "
           "cache simulation with a 16 MiB last level (`fwd_bench --flows 1000000 --single N`, "
           "`--cache-sim=yes --LL=16777216,16,64`): exact counts, the same on a loaded machine. Per "
           f"packet: {c[0]} instructions, {c[1]} first-level data read misses, **{c[2]} last-level "
           "read misses** (its waits on memory: the bucket, the entry's hot line, the packet). "
           "Before the entry's hot line (2026-12-02, the same run by hand): 377 instructions, "
           "7.47 and 3.15.", ""]
if os.environ.get("CG_BREAK"):
    md += ["## Where the instructions go", "",
           "The established UDP flow above under callgrind (`bench/cgbreak.py`), per packet; issue 27's",
           "targets are 280 established (1 and 10,000 flows), 300 TCP established, 600 for a new UDP flow",
           "and 750 for a new TCP one.",
           "", *os.environ["CG_BREAK"].splitlines(), "",
           "What was done and tried (instructions per packet, established / new flow, callgrind, the same",
           "binary built without `-march=native`; measured when each change was made, not by this run:",
           "this run's figures are the table's):",
           "- before: 605.4 / 1144.8 (TCP 1 flow 638.6, 10,000 flows 874.8);",
           "- a real's route and next hop kept per worker by RS slot (`struct rs_nexthop`, valid until",
           "  the snapshot or the neighbour table changes): a packet to a real skips the LPM lookup and",
           "  the neighbour cache; receive counters summed once a burst; TCP and UDP classified before",
           "  ICMP: 544.9 / 1084.3 (TCP 580.0, 10,000 flows 814.3);",
           "- tried and taken out: the IPv4 TCP/UDP NAT rewrite inlined at its call site (a copy of",
           "  `rewrite_nat` without the address-family and protocol branches): UDP 544.9 -> 539.9, TCP",
           "  580.0 -> 582.0; the compiler's out-of-line version is as good;",
           "- worker_fwd.c split by job (what a worker answers itself: `worker_answer.c`; how a packet",
           "  leaves: `worker_tx.h`), no change: 543.2 / 1097.5 (TCP 578.4, 10,000 flows 820.0);",
           "- a fast path for plain IPv4 TCP/UDP: `parse_fast4` (core/parse_fast.h) parses in line,",
           "  the packet is looked up before it is classified, and a plain NAT or DR connection found",
           "  is forwarded at once with `rewrite_nat4` (core/rewrite_fast.h: the 32-bit words of the",
           "  change summed in 64 bits, each checksum adjusted once); anything else is classified",
           "  after the lookup: 443.6 / 1150.6 (TCP 485.7, 10,000 flows 796.7). Both are checked",
           "  byte for byte against `parse_frame` and `rewrite_nat` (test_parse, fuzz_parse,",
           "  test_rewrite);",
           "- a new connection's own key is not looked up again when the burst's lookup missed it and",
           "  no packet of the burst opened a key of its hash since (`conn_insert_absent`); the full",
           "  path rewrites plain IPv4 with `rewrite_nat4` too: 443.7 / 1098.8 (TCP new 1264.8);",
           "- `conn_update_quick` in line for packets that move no state (UDP, established TCP): 429.6",
           "  / 1069.7 (the TCP row's flow stays in SYN_SENT, its NF never answering: 492.7);",
           "- `parse_fast4` writes only what the fast path reads (`parse_fast4_finish` the rest, when a",
           "  packet leaves it): 414.5 / 1065.6 (TCP 478.7);",
           "- the 10,000-flow row measured established: `--single` counted each flow's first packet",
           "  (10,000 of its 20,000 packets opened a connection), so every earlier figure of that row",
           "  (874.8, 820.0, 739.6) was half new flows; now the flows are opened before callgrind",
           "  counts: 413.6;",
           "- the secondary bucket's index computed only when the primary cannot answer, and a",
           "  decapsulated packet known from the classifier rather than asked for first: 414.4 /",
           "  1026.6;",
           "- the connection lookup in line (`core/conn_fast.h`): the bucket computed and prefetched as",
           "  the packet is parsed, the first signature hit probed and its connection prefetched over",
           "  the burst, then resolved; with no hit only the secondary bucket is asked: 397.3 /",
           "  1022.5 (TCP 463.5, 10,000 flows 396.5);",
           "- tried and taken out: the 40-byte key compared as five 64-bit XORs instead of `memcmp`",
           "  (443.7 -> 463.7: gcc's in-line `memcmp` is better); resolving each key just before its",
           "  packet is forwarded instead of in a pass of its own (397.3 -> 408.1).",
           "Then (the ninth session), each step measured alone, established / new flow:",
           "- the service of a packet that found no connection looked up as it is classified, its VIP",
           "  known from it, and not again by `conn_new`: 397.3 / 1022.5 -> 395.3 / 999.5;",
           "- the service key's 19 bytes fed to CRC32C from registers (`proto_addr_port_hash`) instead",
           "  of copied to a buffer: 989.5 (new);",
           "- `conn_insert`: the entry zeroed one cache line at a time (a `memset` of both compiled to",
           "  `rep stosq`), 979.5; a key's presence answered in line when neither bucket holds its",
           "  signature (the REPLY key's check was a whole `conn_lookup`), 961.5; the burst's lookup",
           "  likewise for a key with no hit in its primary bucket, 952.7; the primary bucket's free",
           "  slot taken in line (`conn_bucket_add`), 917.7;",
           "- `classify_late` in line in the burst loop (its register saves gone): 917.7 -> 892.6 for",
           "  a new flow, 395.4 -> 397.4 established (the loop's registers);",
           "- the expiry sweep: 32 entries per loop iteration less one per packet taken in, down to 8",
           "  (an idle worker sweeps as before; a busy one at a quarter of its packet rate, 2.5 M",
           "  entries a second at 10 Mpps): 397.4 / 892.6 -> 390.1 / 883.8;",
           "- the SYN proxy's fix for a packet behind the cookie ACK in the same burst (it joins the",
           "  connection the ACK opened): 885.8 (new), the join told by the packet count, not a flag;",
           "- the tables may file keys by the NIC's RSS hash (below): 391.9 / 893.7 where they do not;",
           "- the service looked up as it is classified only for a packet with no connection that is",
           "  not VXLAN to our VTEP (the rare modes' established packets had paid for it too: GUE",
           "  845.1 -> 867.7 until then, 817.8 after): 392.0 / 898.7;",
           "- the TCP rows measured established (the NF answers each SYN in the warm-up): 1 flow",
           "  463.5 (embryonic, every ACK on `conn_update`'s slow path) -> 417.2;",
           "- tried and taken out: `worker_forward` in line (new flow 892.6 -> 904.5); the 40-byte",
           "  compare as two 16-byte XORs and `ptest` (16 instructions, as `memcmp`); the fast path's",
           "  accounting after one test of both modes (+2); the burst's REPLY keys added to the",
           "  opened set (+9 a new connection, for a case only a client spoofing a VIP reaches).",
           "Then (the tenth session):",
           "- the IPv4 header checksum checked as the plain sum of the header's five 32-bit words",
           "  being a non-zero multiple of 0xffff (`csum_ipv4_hdr20_ok`: one multiplication, gcc's",
           "  divisibility test) instead of folded twice: 392.0 / 898.7 -> 382.1 / 886.8 (TCP",
           "  established 417.2 -> 407.3);",
           "- the second fold of `csum_fold` and `csum_fold64` without its mask (it cannot carry):",
           "  381.1 / 886.8;",
           "- the service lookup in line (`vs_lookup_tenant`, vs.h: the head of a `vs_table` in the",
           "  header), no call and no register saves for a new connection: 381.1 / 856.9 (TCP new",
           "  1072.8 -> 1042.9);",
           "- tried and taken out: the `!= 0` half of that check dropped where the header is known to",
           "  start with 0x45 (382.0 / 887.7: the register it freed went elsewhere).",
           "Then (the eleventh session, issue 27; established UDP 1 flow / 10,000 flows / new UDP,",
           "TCP established / new):",
           "- a 16-byte IPv4 key for the table (`conn_key4_hash`, `hash_16b`, `conn_key_eq`, core/conn.h):",
           "  an IPv4 key is hashed and compared by its 16 bytes that can differ (two address words",
           "  and the 8-byte tail: ports, protocol, family, pad), an IPv6 key by all 40 as before;",
           "  the flow hash stays Maglev's, the tunnels' and the Python model's (a new IPv4",
           "  connection now hashes its key twice): 381.1 / 380.9 / 856.0, TCP 406.4 / 1042.0 ->",
           "  374.0 / 373.8 / 857.9, TCP 399.3 / 1043.9 (GUE 808.0 -> 811.0, FullNAT 589.2 -> 579.1);",
           "  of the 16 instructions `memcmp` took, the 16-byte compare keeps 11 (its family test",
           "  and three words); the CRC32 went from five words to three;",
           "- the table's hash chosen once a burst (a third copy of the classifier for the common",
           "  case, no test per packet), and a NAT reply key compared by 16 bytes likewise: 372.1 /",
           "  371.9 / 859.0, TCP 397.4 / 1041.0 (GUE 807.0, FullNAT 575.2; `--nic-hash` 372.3 /",
           "  879.1);",
           "- a reply key's tail built in a word (`conn_reply_tail`) where a `flow_key` initializer",
           "  wrote all 40 bytes: 372.0 / 371.8 / 855.9, TCP 397.3 / 1041.9 (GUE 806.9, FullNAT",
           "  575.1; `--nic-hash` 373.2 / 877.0);",
           "- tried and taken out: a new IPv4 connection's REPLY key hashed and checked from its 16",
           "  bytes, the 40-byte key built only on a signature hit (the same counts: what it saved,",
           "  the compiler had already found); `conn_fast_probe` answering the entry's address",
           "  (the REPLY bit in its low bits) so that `conn_fast_resolve` does not compute it",
           "  again (372.0 -> 372.1, new 855.9 -> 857.0);",
           "- not done: the hot/cold split of the entry (below), the checksum deltas per real (a",
           "  plain NAT entry has no free bytes for them, and the bytes of the NAT union are the SYN",
           "  proxy's, whose flags a connection can lose while they still hold its sequence delta;",
           "  per real, a service on every port changes the port's delta per connection).",
           "Where the rest goes (the breakdown above): the DPDK ring PMD's RX and TX and the TX buffer",
           "with the loop (about 40), `parse_fast4` (about 55, 18 of them verifying the IPv4 header",
           "checksum, which no port here checks for us), the hash and lookup (about 45: CRC32 of the",
           "16-byte key, the signature match, the compare), the connection's accounting",
           "(`conn_update_quick` and four counters, about 30), the rewrite (about 30), the next hop",
           "and TX (about 25), the three passes' own loops (about 40) and the expiry sweep (about 4).",
           "The established target of 280 is missed by about 92 (33 %), TCP's of 300 by about 97; a",
           "new UDP flow misses 600 by about 256, a new TCP one 750 by about 292: `conn_insert` (about 180: the REPLY key built,",
           "hashed and checked, both keys placed, the entry written), `classify_late` with the",
           "service lookup (about 100), Maglev (40, with its own flow hash now) and the L4 checksum",
           "check (18). What is left is spread over every step, a few instructions each. The compact",
           "IPv4 entry (below: a hot line with a 16-byte key) cost a new connection about 10 more (the",
           "key and the real's address written in parts, the tick shift: 866.0 -> 877.8 UDP, 1054.0 ->",
           "1063.8 TCP; established 377.1 -> 377.5; a whole TCP connection of `tcp_cps`, 4526.6 ->",
           "4568.4, its SYN-ACK and FINs reading the client's address in parts); the entry written",
           "whole once is the next step.",
           "",
           "Then (the seventeenth session, 2026-12-02, the established packet; each step measured alone,",
           "established UDP 1 flow / 10,000 flows, TCP established, new UDP / new TCP flow):",
           "- `parse_fast4` tests the header a word at a time (the destination MAC as one 8-byte load",
           "  against the port's `mac48`, EtherType and version as one 32-bit word, the fragment bits",
           "  as one 16-bit word, UDP's length in two compares, TCP's in one) and writes the key in",
           "  five 8-byte stores instead of nine: 377.5 / 377.7, 402.7, 877.8 / 1063.8 -> 368.3 /",
           "  368.6, 392.6, 866.7 / 1055.7;",
           "- a port's burst keeps its port and MAC for all its frames (`worker_process_burst`'s",
           "  `rx_port`, a fourth copy of the classifier): 365.7 / 365.9, 389.9, 866.0 / 1051.0;",
           "- the IPv4 header checksum asked without its zero test where the header is known to",
           "  start with 0x45 (`csum_ipv4_hdr20_ok_v45`): 364.7 / 364.9, 388.9, 865.0 / 1050.0;",
           "- **NAT's checksum changes kept per real**: the change the address makes (and the TTL's,",
           "  a constant 0xfffe once the TTL is above 1) is the same for every packet of every",
           "  connection of one RS generation, so each worker folds it once per real and generation",
           "  and direction into its per-real entry (`struct rs_nexthop`, now 32 bytes, two a line:",
           "  the next hop's cache and the checksum changes, valid by `csum_gen`), and",
           "  `rewrite_nat4_pre` adjusts the IPv4 header with one fold and the L4 checksum with two.",
           "  The bytes are `rewrite_nat4`'s (the folded change is never 0, so a result never flips",
           "  between 0x0000 and 0xffff; test_rewrite checks every frame check_nat rewrites): 355.7 /",
           "  355.9, 376.9, 868.0 / 1053.0. Per real rather than per connection (what the issue",
           "  named): a plain NAT entry has no free bytes, and the port's change, which a service on",
           "  every port makes per connection, is still computed per packet;",
           "- an entry addressed from its value with the index widened first (its `- 1` then the",
           "  address's displacement): 354.7 / 354.9, 375.9;",
           "- the burst's forward pass walks the looked-up packets' contexts and mbufs packed",
           "  (`burst.x`, `burst.m`), and the index array `lk` is gone: 349.8 / 350.0, 371.0, 851.0 /",
           "  1036.0, then 345.8 / 346.1, 367.1, 847.1 / 1032.1;",
           "- TX counted once a burst, as the port takes it (`worker_tx_flush`): queuing a packet is",
           "  a store and a test, and `tx_bytes` no longer counts frames a full TX ring refused (they",
           "  were taken off `tx_packets` only; `forwarder/tests/fixtures/test_tx.c`): 342.7 / 343.0,",
           "  364.0, 843.9 / 1028.9;",
           "- the snapshot's RS generations kept in the worker for the loop (`w->rs_gen`): 340.9 /",
           "  341.1, 362.1, 842.0 / 1027.0;",
           "- each protocol's L4 checksum at its own offset in `rewrite_nat4_pre` and `rewrite_nat4`,",
           "  UDP's zero cases apart: no offset chosen by a conditional move, no UDP test for TCP,",
           "  and (the registers this freed) fewer spills in the forward pass: 332.9 / 333.1, 352.1,",
           "  840.0 / 1025.0;",
           "- a real's counters and its fast-path entry in one cache line per worker (`struct",
           "  rs_slot`: `slot_stats` and `rs_nexthop`, 64 bytes), one address for both and one line",
           "  touched where a packet touched two: 331.9 / 332.1, 351.1, 838.0 / 1023.0.",
           "- In all: established 377.5 -> 331.9 (-12.1 %), TCP 402.7 -> 351.1 (-12.8 %), a new UDP",
           "  flow 877.8 -> 838.0, a new TCP flow 1063.8 -> 1023.0, a whole TCP connection of",
           "  `tcp_cps` 4567.4 -> 4199.2 (-8.1 %); and the rarer modes, 1 flow: GUE 832.4 -> 799.7,",
           "  IPIP 816.4 -> 783.7, FullNAT 591.6 -> 561.8, VXLAN 1134.8 -> 1083.1 (the same build of",
           "  ff02d65 and of this one, side by side). At 1 M flows (the cache simulation above, before",
           "  the last two steps): 377.7 -> 343.0 instructions, last-level read misses 2.14 -> 2.14 a packet,",
           "  first-level read misses 6.44 -> 6.51, and first-level write misses 0.31 -> 1.25: the",
           "  rewrite now writes the packet's address before anything in the forward pass reads that",
           "  line, so the line, evicted since the parse by the burst's 32 entries and buckets, comes",
           "  back on a store (which waits in the store buffer, not the pipeline) where a load",
           "  fetched it before.",
           "- tried and taken out: the IPv4 header checksum summed as two 8-byte words and a 4-byte",
           "  one with their carries added back (+2: the carries cost more than the loads saved);",
           "  the MTU check against a copy of the port's in the per-real entry (no change); the",
           "  table's fields read through a `restrict` pointer in the lookup's passes (+0.2); the",
           "  index of a signature hit made unsigned (no change).",
           "- Still missed (established): 280 established by about 52 (19 %), TCP's 300 by 51. Where the 343 of an",
           "  established UDP packet went before the last two steps (callgrind per instruction, grouped by source line): the",
           "  ring PMD's RX and TX, the poll loop, the expiry sweep and the TX flush (about 35),",
           "  `parse_fast4` (69: 15 of them the header checksum, 12 the key and `pkt_info` stores),",
           "  the hash (6), the lookup (50: signature match, candidate prefetch, the 16-byte",
           "  compare), the classify pass's stores and loop (25), the lookup's and the forward pass's",
           "  loops (30), the fast path's tests (flags, generation, TTL, direction, mode: 26), the",
           "  accounting (`conn_update_quick` and the real's and service's counters: 31), the rewrite",
           "  with its per-real entry (46) and the next hop and TX queue (25). The loops' registers",
           "  are the limit now: the burst loop keeps its port's MAC, its byte count and the burst's",
           "  array bases on the stack.",
           "",
           "Then (the eighteenth session, 2026-12-03; each step measured alone, before / after, the same",
           "non-native build; established UDP 1 flow / TCP, new UDP / new TCP flow):",
           "- spill counts per bucket (`conn_table.h`: a byte per bucket, how many keys of that",
           "  primary bucket sit in their secondary one): a key with no signature hit in its primary",
           "  bucket whose count is 0 is absent, so a new connection's lookup and its REPLY key's check",
           "  at insert read one byte where they computed the secondary bucket's index and read its",
           "  line (at scale, a second miss): new 838.0 -> 796.0 / 1023.0 -> 981.0;",
           "- NAT's IPv4 REPLY key hashed and checked from its words (its tail from the ORIG key's",
           "  tail word), built only when the table may hold it: new 796.0 -> 788.0 / 981.0 -> 973.0;",
           "- `csum_partial` by 64-bit words with the end-around carry (add, adc), for a SYN's",
           "  checksum: new TCP 973.0 -> 953.0;",
           "- `csum_l4_verify4` in one pass over the pseudo-header's words and the segment's, no",
           "  calls: new TCP 953.0 -> 933.0;",
           "- the burst's connections and directions kept in `struct burst` beside its contexts and",
           "  mbufs, so that the forward pass walks them with one index: 331.8 -> 329.7 / 351.1 ->",
           "  348.9, new 788.0 -> 783.9 / 933.0 -> 928.9;",
           "- the connection table's pointer read once a burst by the classify pass: 329.7 -> 328.9 /",
           "  348.9 -> 348.1;",
           "- a `PKT_LATE` context's `in_port` written only when it is classified (`classify_late`),",
           "  which the fast path never is: 328.9 -> 323.8 / 348.1 -> 343.1, a new flow +5 (783.0 ->",
           "  788.0 / 928.0 -> 933.0; `tcp_cps` 4072.5 -> 4051.2, a connection being 8 packets);",
           "- the worker's TX queue its own struct (`worker_txq`) with the port's ethdev id and",
           "  `tx_max` beside the queue (the MTU check reads the line the queue is on, not the port's",
           "  504-byte entry): 323.8 -> 322.8 / 343.1 -> 342.0;",
           "- the TX bytes summed as frames are queued (the MTU check read each length), no loop at the",
           "  flush: 322.8 -> 319.7 / 342.0 -> 338.9, new 786.9 -> 780.8 / 931.9 -> 925.8.",
           "- In all: established UDP 331.8 -> 319.7 (10,000 flows 332.1 -> 319.9), TCP 351.1 ->",
           "  338.9, a new UDP flow 838.0 -> 780.8, a new TCP flow 1023.0 -> 925.8, a whole `tcp_cps`",
           "  connection 4195.2 -> 4014.7. Tried and taken out: fast_forward's real's slot entry",
           "  computed once for its counters and its checksum changes (+6 to +10: the register it holds",
           "  is taken from the loop); the table's pointer read once for the lookup's passes too (+1);",
           "  the burst's lookup count unsigned (-0.1); a PKT_LATE context's `key` and `hash` written",
           "  only when classified, like `in_port` (+0.2, a new flow +4); a burst of 64 (-9 to -10 on",
           "  every row, but twice the burst's arrays and latency: not taken); link-time optimisation",
           "  (`-Db_lto=true`: new UDP -7.5, established +1.5; GCC inlines the insert and Maglev into",
           "  an out-of-line `conn_new` instead).",
           "- Still missed: 280 by 40, 300 by 39, 600 by 181, 750 by 176. Where a new UDP flow's 781",
           "  go: what an established packet pays too (about 245: the PMDs, the parse, the hash, the",
           "  lookup, the loops, the rewrite, the next hop), the service lookup of the classify pass",
           "  (32), the slow path's call and its tests (about 80), the L4 checksum check (22), the",
           "  Maglev pick (30), the insert (about 180: the entry's two lines about 55, two index slots",
           "  about 45, the REPLY key about 25, the call 34) and the slow path's accounting and next",
           "  hop (about 65). The insert is 182 instructions with no waste left in it (callgrind per",
           "  instruction): what would take a new flow to 600 is less work, not tidier code.",
           "",
           "Then (the nineteenth session, 2026-12-03; before / after, the same non-native build):",
           "- an NF's SYN-ACK of a plain NAT connection takes the fast path (`fast_forward`), its",
           "  handshake RTT sampled there as `forward_to_client` does (it went the full path, classified",
           "  late and rewritten by `rewrite_nat_to_client`, only for that sample): a whole `tcp_cps`",
           "  connection 4012.0 -> 3831.0; the RTT sample's TSC ticks turned into microseconds by a",
           "  multiply instead of a 64-bit division (tens of cycles, one instruction): 3831.0 -> 3828.0;",
           "- one helper builds a REPLY key's tail (`conn_reply_tail`, where a near-copy did the same",
           "  for the insert), and no spill count is checked twice: established unchanged (319.7 /",
           "  319.9, TCP 338.9), new 780.8 -> 779.9 / 925.8 -> 924.9, `tcp_cps` 4014.7 -> 4012.0.",
           "- In all: established and TCP established unchanged, a new UDP flow 780.8 -> 776.9, a new",
           "  TCP flow 925.8 -> 925.9, a whole `tcp_cps` connection 4014.7 -> 3828.0 (-4.6 %). Measured",
           "  wall-clock on this shared machine, `fwd_bench --mode cps --flows 1000000` in huge pages,",
           "  the two builds alternated three times: 1.08x, 1.03x and 1.12x the connections a second.",
           "  Tried: the REPLY tail as a word's shifts and masks (the insert 3 fewer, every established",
           "  packet 0.1-0.2 more: not taken).",
           "",
           "Then (the twenty-second session, 2026-12-04; before / after, the same non-native build):",
           "- the forwarder builds with `-fno-strict-aliasing` (forwarder/meson.build): DPDK's rings and",
           "  mempools hand mbufs out through `void **`, their elements copied as 64-bit words, and",
           "  reading them back as `struct rte_mbuf *` breaks C's type-based aliasing rules. GCC had not",
           "  exploited it; clang 14 at -O3 did (`fwd_bench --proto tcp` crashed in `nf_answer_syns`,",
           "  using a register for an mbuf pointer it took for never written). Established 319.7 ->",
           "  315.7, TCP 338.9 -> 335.0, new UDP 776.9 (the same), new TCP 925.9 -> 921.9, GUE 792.5 ->",
           "  780.6, IPIP 776.5 -> 764.6, FullNAT 553.6 -> 538.6, VXLAN 1046.0 -> 1037.0, `tcp_cps`",
           "  3828.0 -> 3802.2;",
           "- one compare for the fast path's three questions (is the connection live, is its real's",
           "  next hop known, are its checksum changes this generation's): the per-real entry's",
           "  `fast_gen`, set only after a stale check in the current next-hop epoch with the next hop",
           "  and the checksum changes filled for it, and cleared at every new snapshot or neighbour",
           "  change (`worker_nh_epoch_next`, by a bounded list of the slots set, core/slot_list.h):",
           "  315.7 -> 310.8 / 316.0 -> 311.0, TCP 335.0 -> 330.0, new 776.9 -> 774.0 / 921.9 -> 923.0,",
           "  `tcp_cps` 3802.2 -> 3798.8.",
           "- `parse_fast4` checks the IP length's floor of 28 with the frame's bound, in one unsigned",
           "  compare, not per protocol: 310.8 -> 309.8 / 311.0 -> 310.0, TCP 330.0, new 774.0 -> 775.0 /",
           "  923.0 -> 921.0;",
           "- a burst of IPv4 keys (the fast path's; `struct burst` notes any other) is resolved by a",
           "  copy of the loop that does not ask each key's family after its 16 bytes matched",
           "  (`conn_fast_resolve`'s `known_v4`): 309.8 -> 307.8 / 310.0 -> 308.1, TCP 330.0 -> 328.1,",
           "  new 775.0 -> 775.1 / 921.0 -> 921.1;",
           "- a connection a packet ends in a burst keeps its entry until the burst is done (a bug fix:",
           "  a new connection later in the burst could take the entry that a packet after it still",
           "  held, which then went out as the new connection's; `conn_unlink`, `conn_free`, fixture",
           "  `reuse_burst`): 307.8 -> 307.9, TCP 328.1 -> 328.2 (one test a burst);",
           "- a new connection's state by one table load (`open_state`, conn.c), where two compares took",
           "  8 instructions: new 775.1 -> 772.1 / 921.1 -> 919.1, SCTP's 1411.1 -> 1405.1.",
           "- In all: established 319.7 -> 307.9 (10,000 flows 319.9 -> 308.2), TCP 338.9 -> 328.2, a new",
           "  UDP flow 776.9 -> 772.1, a new TCP flow 925.9 -> 919.1, `tcp_cps` 3828.0 -> 3781.8; GUE",
           "  792.5 -> 783.7, IPIP 776.5 -> 767.7, FullNAT 553.6 -> 543.9, VXLAN 1046.0 -> 1035.2, SCTP",
           "  967.8 -> 966.1, the 1,900-byte datagram 1054.1 -> 1042.3, `--nic-hash` 333.4 -> 321.6.",
           "  Tried and taken out: a 64-bit compare of the entry's epoch and generation against the",
           "  worker's and the connection's (-2 established, +5 new); `count` reading the slots once (+4,",
           "  +8 new: the registers); GCC's",
           "  `-fira-loop-pressure` (-1 on every row), `-fno-tree-pre` (-2 established, +8 new),",
           "  `-fira-region`, `-fsched-pressure`, `-O2` and clang 14 (329.7 established, 828.9 new):",
           "  none taken. Still missed: 280 by 28, 300 by 28, 600 by 172, 750 by 169.",
           "",
           "Then (the twenty-third session, 2026-12-04; before / after, the same non-native build):",
           "- a martian source is asked once per flow: `parse_fast4` no longer tests it, and",
           "  `classify_late` drops it (as `parse_frame` would) for the packets that match no connection;",
           "  a connection's source was checked when it was made (a client's then, a real's by the",
           "  configuration, which now refuses a multicast or broadcast real as the controller did, and a",
           "  peer's sync record naming one is refused): 307.9 -> 303.9 / 308.2 -> 304.2, TCP 328.2 ->",
           "  324.2, new 772.1 -> 775.1 / 919.1 -> 922.1, `tcp_cps` 3781.8 -> 3756.8;",
           "- `rs_entry_refresh` returns the entry (the fast path no longer keeps the real's slot index",
           "  on the stack across the call and rebuilds the address from it twice a packet), and",
           "  `conn_fast_resolve` sets the direction on its out-of-line paths only: 303.9 -> 292.9 /",
           "  304.2 -> 293.1, TCP 324.2 -> 313.1, `tcp_cps` 3756.8 -> 3692.5;",
           "- a packet's counters: both addresses taken before either store (each slot was read again",
           "  from the connection after a store: the build assumes no type-based aliasing), the fast",
           "  path's real's counters from the entry it holds (`count_e`), and no straight-line",
           "  vectorizing (`-fno-tree-slp-vectorize`: GCC paired each packets-and-bytes pair into a",
           "  16-byte add, more instructions than two scalar adds): 292.9 -> 285.8 / 293.1 -> 286.1, TCP",
           "  313.1 -> 306.1, new 775.1 -> 768.0 / 922.1 -> 915.0, `tcp_cps` 3692.5 -> 3632.0;",
           "- the classify pass fills a fast-parsed packet's lookup entry with the values it has, and its",
           "  context's `key` pointer is written by `classify_late` (the one path that reads it): 285.8",
           "  -> 283.7 / 286.1 -> 283.9, TCP 306.1 -> 303.9, new 768.0 -> 767.9 / 915.0 -> 914.9;",
           "- the probe pass reads the table's entry array once a burst: 283.7 -> 282.7 / 283.9 ->",
           "  282.9, TCP 303.9 -> 302.9;",
           "- two copies of the forward pass: with sync off and nothing captured (`w->plain`, set once a",
           "  loop iteration), the fast path asks neither per packet: 282.7 -> 276.0 / 282.9 -> 276.2,",
           "  TCP 302.9 -> 296.2, new 767.9 -> 766.1 / 914.9 -> 917.1 (the choice is made once a burst,",
           "  and that run's bursts are of one or two packets), `tcp_cps` 3610.0 -> 3568.8;",
           "- `conn_new` reads the real's and service's slots and the mode before its stores: new 766.1",
           "  -> 764.1 / 917.1 -> 915.1;",
           "- a new NAT connection's first packet is rewritten with its real's checksum changes where its",
           "  entry has them or its next hop is known this epoch (`rs_entry_known`, which never looks a",
           "  route up): new 764.1 -> 758.1 / 915.1 -> 903.1, `tcp_cps` 3568.8 -> 3554.8;",
           "- the insert in line in `conn_new` (core/conn_insert.h; conn.c's inserts are the same",
           "  function): new 758.1 -> 746.1 / 903.1 -> 891.1, a new SCTP association 1393.1 -> 1378.1;",
           "- the L4 checksum check of IPv4 TCP and UDP in line (`parse_verify_l4_csum`, the other kinds",
           "  out of line): new 746.1 -> 739.1 / 891.1 -> 883.1 (a new SCTP association +7);",
           "- Maglev, the default scheduler, picked in line (`sched_pick`; the others out of line): new",
           "  739.1 -> 720.1 / 883.1 -> 864.1, a new SCTP association 1385.1 -> 1366.1.",
           "- In all: established 307.9 -> 275.9 (10,000 flows 308.2 -> 276.2), TCP 328.2 -> 296.2:",
           "  issue 27's 280 and 300 are met. A new UDP flow 772.1 -> 720.1, a new TCP flow 919.1 ->",
           "  864.1 (600 and 750 missed by 120 and 114), `tcp_cps` 3781.8 -> 3513.8; GUE 783.7 ->",
           "  774.7, IPIP 767.7 -> 758.7, FullNAT 543.9 -> 533.9, VXLAN 1035.2 -> 1030.2, SCTP 966.1 ->",
           "  953.1, a new SCTP association 1405.1 -> 1366.1, the 1,900-byte datagram 1042.3 -> 1011.2,",
           "  `--nic-hash` 321.6 -> 291.6. Tried and taken out: the mode and the fast path's flags in",
           "  one 16-bit compare (+3); the forward pass split into a fast pass and a second one for the",
           "  rest (+0.4, new +20); the real's checksum changes and port read into locals (+2);",
           "  `restrict` on the fast path's pointers (no change); the resolve pass reading the entry",
           "  array once (+1.3, new TCP +3.3); the TX handed the packet's length (+1); a `PKT_LATE`",
           "  context's hash written only when classified (new TCP +4); link-time optimisation (+3.6,",
           "  new +4.8, though GUE -55 and SCTP -87); `worker_forward` in line in the forward pass",
           "  (+1, new +2). After the refactors that followed (one TX function with a constant for the",
           "  capture, one counting function, a real's entry in `worker_rs_entry.h`): 275.8 / 276.1,",
           "  TCP 296.1, new 720.0 / 864.0, `tcp_cps` 3513.1. Not done: a service's packets and bytes as the sum",
           "  of its reals' (-6 on every row, measured with the service's counters left out), which",
           "  needs the read-outs, the telemetry thread and removed reals' totals folded consistently.",
           "",
           "Then (the twenty-fourth session, 2026-12-04; before / after, the same non-native build):",
           "- the common new connection opened and sent in line by the forward pass (`fast_open`,",
           "  `src/worker_fwd_open.h`, the fast path's twin): a UDP datagram or a SYN that found no",
           "  connection, to an IPv4 NAT or DR service with Maglev, no SYN proxy and no rate limit",
           "  (`struct vs` `open_fast`), with no `worker_forward` call, no `conn_new` checks for the rare",
           "  kinds and the Ethernet header from its real's entry; everything else (a bad checksum, a",
           "  real with a connection limit, a full table, a packet joining a connection the burst opened,",
           "  a next hop not known this epoch) the full way: new 720.0 -> 633.1 / 864.0 -> 786.1,",
           "  `tcp_cps` 3513.1 -> 3442.0; established 275.8 -> 276.8 (a loop bound GCC now keeps on the",
           "  stack), GUE, IPIP and FullNAT +4, VXLAN +8 (their established packets test for it);",
           "- `conn_match8` always in line (GCC had called it out of line once the loop grew): new 633.1",
           "  -> 628.1 / 786.1 -> 781.1;",
           "- `fast_open` in a copy per mode (NAT, DR) and the insert told what parse_fast4's key is",
           "  (`rt.fast4`: IPv4, pad 0, an IPv4 real): new 628.1 -> 596.1 / 781.1 -> 748.1;",
           "- the first packet counted as it is (the insert set its state and deadline; no",
           "  `conn_update` call): new 596.1 -> 586.1 / 748.1 -> 692.1, `tcp_cps` 3404.0 -> 3348.0;",
           "  `tests/fixtures/test_open.c` checks that the connections `fast_open` opens are those",
           "  `conn_new` opens (state, flags, timeouts, counters), through the real forwarder;",
           "- `pkt_info`'s constant fields side by side (two stores in `parse_fast4_finish`): new 586.1",
           "  -> 582.1 / 692.1 -> 688.1, GUE, IPIP and FullNAT back where they were;",
           "- a packet counted once, for its real: a service's packets and bytes are its reals'",
           "  (`src/slot_totals.c`, which also starts a reused slot from 0): -5 on every row, 276.8 ->",
           "  271.8 established, new 582.1 -> 576.1 / 688.1 -> 682.1, `tcp_cps` 3344.0 -> 3303.0.",
           "- In all: a new UDP flow 720.0 -> 576.1, a new TCP flow 864.0 -> 682.1 (issue 27's 600 and",
           "  750: met), `--nic-hash` new 766.8 -> 625.8, `tcp_cps` 3513.1 -> 3303.0 a connection;",
           "  established 275.8 -> 271.8 (10,000 flows 276.1 -> 272.0), TCP 296.1 -> 292.0; GUE 774.7 ->",
           "  769.7, IPIP 758.7 -> 753.7, FullNAT 533.8 -> 528.8, VXLAN 1030.1 -> 1030.1, SCTP 953.0 ->",
           "  950.0, a new SCTP association 1366.0 -> 1358.0, the 1,900-byte datagram 1011.1 -> 1007.2,",
           "  `--nic-hash` 291.6 -> 286.6. Wall clock (before the last step) (`fwd_bench --flows new`,",
           "  0.5 s, the two builds interleaved five times): 3.65-3.92 -> 3.54-3.94 Mpps, within the",
           "  noise: a new connection's time goes to the misses of a table filling to 2 M entries more",
           "  than to its instructions. Tried: `fast_open` out of line (new 663.2 / 811.2, established",
           "  277.0); the forward loop's index unsigned (+0.1 everywhere).",
           "",
           "**A new connection's REPLY bucket, prefetched** (2026-12-04). The packets of a burst that",
           "found no connection are classified between the lookup and the forward pass",
           "(`classify_ahead`), and a new connection `fast_open` will take has its NF picked there and",
           "the bucket of its REPLY key prefetched (`fast_open_ahead`, `PKT_OPEN`): that random line of",
           "the index, which the insert reads and then writes, was a new connection's one wait on memory",
           "that nothing prefetched (its ORIG key's bucket is prefetched as its packet is parsed).",
           "Instructions: a new UDP flow 573.3 -> 594.1, a new TCP flow 679.3 -> 692.1, `tcp_cps` 3299.0",
           "-> 3332.8 a connection; established 272.1 -> 274.7 (10,000 flows 272.3 -> 274.8: the mask of",
           "the lookup's misses), TCP 292.3 -> 294.8; GUE 768.9 -> 768.5, IPIP 752.9 -> 752.5, FullNAT",
           "528.0 -> 527.6, VXLAN 1029.3 -> 1057.7, SCTP 949.2 -> 951.8, a new SCTP association 1357.3 ->",
           "1371.1, `--nic-hash` new 623.0 -> 647.8, `--steered` new 748.1 -> 682.0 (GCC now inlines the",
           "insert and the rewrite into that copy too). Wall clock, the two builds interleaved on this",
           "machine: `tcp_cps` (1 M connections), 12 pairs, median ratio 1.063 (best 2.32 M against",
           "2.20 M); `--flows new` (0.5 s), 5 pairs, 3.65-3.92 -> 3.97-4.47 Mpps. Tried: the",
           "classification in the forward pass's three copies, or in the lookup's two (GCC then called",
           "the service lookup out of line: a new UDP flow 606-615; `vs_lookup_tenant` and `vs_find` are",
           "now always in line), and the found-but-refused packets' `classify_late` out of line (GUE,",
           "IPIP and FullNAT +39).",
           "",
           "SCTP (docs/sctp.md), before and after: established UDP 381.14 / 381.14, TCP 406.44 /",
           "406.44; a new flow every packet UDP 855.96 / 857.0 (the new connection's state asks",
           "whether its protocol is stateful: TCP or SCTP), TCP 1041.96 / 1042.0. Tried and taken out:",
           "SCTP classified in `worker_fwd.c`'s translation unit, in line or out of line (even the copy",
           "of the classifier in a never-taken branch of `classify_failed`): GCC then inlined less into",
           "the burst loop and every established TCP and UDP packet paid 2 more instructions (383.1 /",
           "408.4); it lives in `worker_sctp.c`, reached through `parse_frame_classify`'s `PARSE_SCTP`.",
           "",
           "**The NIC's RSS hash.** The tables can file keys by it (`conn_hash`, docs/forwarder-config.md;",
           "`conn_set_hash`, core/toeplitz.h): `port.c` programs hvlb's Toeplitz key into a device that",
           "hashes TCP and UDP over IPv4 and IPv6 into its mbufs, and a worker takes a plain packet's",
           "hash from its mbuf instead of hashing the key, after checking the first 1,024 against its",
           "own (a device that hashes otherwise is found out, `nic_hash_mismatch`, and every key is",
           "hashed in software from then on). Every key it hashes itself, the REPLY tuples it inserts",
           "included, gets the same Toeplitz value in software (one table load and XOR per byte), and",
           "Maglev and the tunnels keep the flow hash, so a pool with and without such NICs picks the",
           "same NF for a flow. No port here gives a hash (net_ring, af_packet, AF_XDP, memif, vhost):",
           "the packet fixtures run with the runner playing such a NIC (`fixture_runner --nic-hash`,",
           "and `--nic-hash-wrong` for one that hashes wrongly), and `fwd_bench --nic-hash` measures",
           "it (the figures above). Since the tables hash an IPv4 key by its 16 bytes (three CRC32",
           "instructions), taking the NIC's hash saves an established packet nothing measurable",
           "(373.2 against 372.0) and costs a new connection about 21 (the REPLY key's Toeplitz in",
           "software): its use is a CPU that hashes in no instruction, or a NIC that spreads by the",
           "same hash. `auto`, the default, uses it where every port gives it.", ""]
if os.environ.get("FX_JSON"):
    fx = json.loads(os.environ["FX_JSON"]).get("fixtures") or {}
    res["fixtures_instr_per_pkt"] = {k: v["instr_per_pkt"] for k, v in fx.items()}
    md += open(os.environ["FX_MD"]).read().splitlines() + [""]
res.update({k: skew[k] for k in (
    "skew_over_uniform", "skew_over_uniform_dispatch_no_rssa", "skew_over_uniform_handoff",
    "skew_over_uniform_no_rssa", "skew_over_uniform_flow_rules",
    "dispatch_skewed_over_handoff_skewed", "dispatch_uniform_over_uniform",
    "two_workers_over_one")})
res["workers_mpps"] = {k: skew[k]["mpps"] for k in skew if k.startswith("w")}
for c in skew.get("curve", []):
    res[f"skew_over_uniform_w{c['workers']}_handoff"] = c["skew_over_uniform_handoff"]
    res[f"skew_over_uniform_w{c['workers']}_dispatch"] = c["skew_over_uniform_dispatch"]
uni = skew["w2_uniform"]["mpps"]
duni = skew["w2_uniform_dispatch"]["mpps"]
srows = [("1", "uniform", "off", "-", skew["w1_uniform"], uni),
         ("2", "uniform", "off", "-", skew["w2_uniform"], uni),
         ("2", "uniform", "on", "handoff", skew["w2_uniform_rssa"], uni),
         ("2", "skewed", "off", "-", skew["w2_skewed"], uni),
         ("2", "skewed", "on", "handoff", skew["w2_skewed_rssa"], uni),
         ("2", "skewed", "on", "flow rules (emulated NIC)", skew["w2_skewed_rssa_flow_rules"], uni),
         ("2 + dispatch", "uniform", "off", "-", skew["w2_uniform_dispatch"], duni),
         ("2 + dispatch", "skewed", "off", "-", skew["w2_skewed_dispatch"], duni),
         ("2 + dispatch", "skewed", "on", "dispatch stage", skew["w2_skewed_rssa_dispatch"], duni)]
pr = skew["prices"].split(",")
dp = skew["dispatch_prices"].split(",")
# The best any mover could do when the old worker passes a moved flow's packets on, at these
# prices (see the text below): the uniform case runs without steering (pr[1] a packet), the
# skewed one with it (pr[5..7]).
own0, own, out_, in_ = float(pr[1]), float(pr[5]), float(pr[6]), float(pr[7])
x = 0.38 * own / (own + in_ - out_)
bound = 0.5 * own0 / (0.31 * own + x * in_)
res["skew_bound_handoff"] = round(bound, 3)
fmt = lambda r: "" if r is None else f"{r:.2f}"
md += ["## Several workers, skew and RSS-A", "",
       "`bench/skew.py` runs `fwd_bench --mode skew` (forwarder/bench/skew.c): workers on memory-fed",
       "ring ports, each modelled as a dedicated core on one thread (2 workers and a generator on this",
       "2-vCPU VM would share cores and measure the scheduler). Time advances in 20 µs ticks; each worker",
       "runs the real loop until its tick's cycles are spent, each iteration priced at this machine's",
       "measured cost of its work (a fixed cost per iteration; per packet processed, handed off, taken",
       "from the inbox; with and without steering active, the two measured in turn round by round:",
       "first quartile of 2000 timed 32-packet batches each,",
       f"median of 5 calibrations: {pr[1]} / {pr[2]} / {pr[3]} cycles per packet, {pr[5]} / {pr[6]} /",
       f"{pr[7]} with steering, {pr[0]} per iteration). The dispatch stage is one more core, priced",
       f"the same way: {dp[1]} cycles per packet ({dp[3]} with a steering table), {dp[0]} per iteration.",
       "The control thread (steering, RSS-A) runs at simulated time. Nothing the cores share (caches,",
       "memory bandwidth) is priced, so uniform load scales linearly with workers here: the 1-worker",
       "row is a core's capacity at these prices.",
       f"Mpps: the highest offered rate forwarded with at most 0.1 % loss (bisection, to {skew['resolution_mpps']} Mpps), 64-byte UDP to a",
       "NAT service, 80 flows, each on the RX queue of its default owner (as RSS hashing like",
       "`steer_owner_of_tuple` would put it).",
       "- uniform: equal rates, half the flows on each queue;",
       "- skewed: the paper's RSS-A scenario scaled to 2 queues: 6 groups of 10 flows with per-group",
       "  rates growing as 0.02, 0.03, 0.04, 0.05, 0.06, 0.1, groups 1-3 on queue 0 and 4-6 on queue 1,",
       "  plus 10 even flows of 0.01 per queue (31 % / 69 % of the load);",
       f"- RSS-A: Q 1, epsilon 0.95, theta_h 0.5, N_sam 20, period {skew['period_ms']} ms (the paper's",
       "  1 s scaled down so a trial simulates seconds), cooldown 5 periods; measured after 8 periods;",
       "- how a moved flow's packets reach the new owner: *handoff*, the workers poll the queues and",
       "  the old owner passes each packet on (`dispatch = off`, the default); *dispatch stage*, one",
       "  more core polls every queue and puts each packet on its owner's inbox (`dispatch = on`,",
       "  src/dispatch.c); *flow rules*, the generator applies the steering table as a NIC with",
       "  per-flow rules (the paper's Flow Director) would, which no PMD here offers: shown for",
       "  comparison.", "",
       "| workers | load | RSS-A | moved flows reach their owner by | Mpps (≤0.1 % loss) | vs the same cores uniform | flows moved | dispatch stage busy |",
       "|---|---|---|---|---|---|---|---|"]
for w, load, rssa, how, r, base in srows:
    md.append(f"| {w} | {load} | {rssa} | {how} | {r['mpps']:.2f} | {r['mpps'] / base:.1%} | "
              f"{r['moves']} | {'-' if not r.get('dispatch_load') else format(r['dispatch_load'], '.0%')} |")
md += ["", "Throughput under skew as a fraction of the uniform case (`skew_over_uniform`): "
       f"**{skew['skew_over_uniform']:.1%} with RSS-A behind the dispatch stage** "
       f"({skew['skew_over_uniform_dispatch_no_rssa']:.1%} without RSS-A); with the workers on the",
       f"queues {skew['skew_over_uniform_handoff']:.1%} with RSS-A (handoff), "
       f"{skew['skew_over_uniform_no_rssa']:.1%} without, "
       f"{skew['skew_over_uniform_flow_rules']:.1%} with flow-rule steering. The paper: 13.83 / 14.79 = 93.5 %.",
       "These ratios move by a point or two from run to run (each set of prices is calibrated on its",
       "own on a shared VM, and the search steps by the resolution above; a figure over 100 % is",
       "that): compare the rows of one run.",
       "",
       "**What the dispatch stage costs.** A core that forwards nothing: with 2 workers, uniform load,",
       f"it forwards {skew['dispatch_uniform_over_uniform']:.1%} of what the 2 workers do on the queues "
       "(each packet comes off an inbox",
       f"at {pr[3]} cycles instead of off the RX ring at {pr[1]}); under skew with RSS-A it forwards",
       f"{skew['dispatch_skewed_over_handoff_skewed']:.1%} of the handoff path's rate. At "
       f"{dp[3]} cycles a packet it could feed about {float(pr[7]) / float(dp[3]):.1f} workers at their {pr[7]}, so the",
       "core pays off with more workers, or on ports with fewer queues than workers (one queue: every",
       "virtual PMD without RSS). Without it, one worker reads such a queue and passes on most of it.",
       "",
       "**Why the handoff path stays below 98 %.** A moved flow's packets still arrive on their old",
       "worker's queue, and that worker must pass each on: the `out` price with steering,",
       f"{pr[6]} cycles, against {pr[5]} for a packet it processes. With 31 % / 69 % of the load on",
       "the two queues, moving a share x of the load off the heavy worker balances the two when",
       "(0.69 − x)·own + x·out = 0.31·own + x·in, so even a perfect mover ends with the busier worker",
       f"at 0.31·own + x·in: {bound:.1%} of the uniform rate at these prices (measured:",
       f"{skew['skew_over_uniform_handoff']:.1%}; RSS-A moves whole flows and stops at Q × epsilon).",
       "The dispatch stage removes the pass (every packet goes straight to its owner), so RSS-A is",
       "left with its own limits: whole flows (the heaviest here is 3 % of the load) and a move only",
       "while the receiving worker stays under Q × epsilon. Passing on before parsing (the table",
       "asked on the frame's bytes) was tried in a worker (commits c9e957e-48979a4, measured then, not by this run): it cut `out` by 14 % but cost every other",
       "packet 6-7 % while overrides existed, so it was taken out; the dispatch stage reads the same",
       "bytes (parse_peek_tuple), on its own core.",
       "",
       ""]
if skew.get("curve"):
    md += ["### More workers (the paper's 6 queues)", "",
           "The same model with more workers, at the prices above (so uniform load scales linearly by",
           "construction: what it shows is how each mechanism copes with skew, and what the dispatch",
           "stages cost). Skewed: group g of the paper's scenario on queue g (with 6 workers exactly the",
           "paper's set-up), the 20 even flows spread. One dispatch stage per two workers: at these",
           "prices one feeds about three, and skew loads the stages unevenly too (a stage polls fixed",
           "queues). A shorter measured window (0.1 s, after the same warm-up) and a coarser search "
           f"(to {skew['curve'][0]['resolution_mpps']} Mpps) keep `make bench` short.", "",
           "| workers | cores | uniform Mpps | skewed + RSS-A Mpps | skew / uniform | Mpps per core (uniform) |",
           "|---|---|---|---|---|---|"]
    for c in skew["curve"]:
        n, st = c["workers"], c["dispatch_stages"]
        for label, cores, u, k, ratio in (
                (f"{n}, handoff", n, c["uniform"], c["skewed_rssa"], c["skew_over_uniform_handoff"]),
                (f"{n} + {st} dispatch stage(s)", n + st, c["uniform_dispatch"],
                 c["skewed_rssa_dispatch"], c["skew_over_uniform_dispatch"])):
            md.append(f"| {label} | {cores} | {u['mpps']:.2f} | {k['mpps']:.2f} | {ratio:.1%} | "
                      f"{u['mpps'] / cores:.2f} |")
    md += ["", "With 6 workers the heaviest queue carries a third of the load and its flows are each 3 % of",
           "the total, a fifth of a worker's fair share: RSS-A moves whole flows and only into a worker",
           "that stays under Q x epsilon, so the even-out is coarser than with 2 workers (the paper's",
           "own 6-queue figure is 93.5 %). The dispatch stages win back much of what handoff loses under skew",
           "at the price of their cores; on ports with per-flow rules or a writable redirection table",
           "neither would be needed (not available here).", "",
           f"These are the model's figures (this machine: {os.cpu_count()} CPUs), not a measurement on",
           "dedicated cores; `fwd_bench --mode skew --workers N --steer dispatch --stages S` runs the",
           "model for any N up to 8. Workers measured on cores of their own, on a machine with",
           "them: the section \"Several workers on dedicated cores\" (bench/scale.py).", ""]
else:
    md += ["`fwd_bench --mode skew --workers N` (up to 8) runs the model with more workers.", ""]
if "skipped" in idle:
    md += ["## Idle mode", "", f"skipped: {idle['skipped']}", ""]
else:
    res.update(idle)
    md += ["## Idle mode", "",
           "`bench/idle.py`: one worker on AF_PACKET in the e2e namespaces, no traffic for 5 s, then",
           "ICMP echo to the VIP every 200 ms (answered by the worker, asleep before each ping),",
           "with the idle back-off (the defaults: sleeps of up to `idle_sleep_wake_max_us` = 2000 µs,",
           "which a frame or a handoff ends) and with pure polling (`idle_sleep_max_us = 0`).", "",
           "| | idle back-off | polling |", "|---|---|---|",
           f"| forwarder CPU at idle (% of one core) | {idle['idle_cpu_pct']} | {idle['polling_cpu_pct']} |",
           f"| echo RTT to the VIP, median (ms) | {idle['echo_rtt_ms_idle']} | {idle['echo_rtt_ms_polling']} |",
           "", f"Latency cost of waking: {idle['wake_cost_us']} µs (difference of the medians).", ""]
extra = "docs/benchmarks.extra.md"
if os.path.exists(extra):
    md.append(open(extra).read())
open("docs/benchmarks.md", "w").write("\n".join(md))
print(json.dumps(res))
PY
)

# SIP calls through a UDP VIP at 500 calls/s, the control plane running (bench/sip.py, in
# namespaces, about 4 minutes): its section goes at the end of docs/benchmarks.md.
sip_json=$(python3 bench/sip.py --doc docs/benchmarks.md | tail -1)
echo "  sip: $sip_json" >&2
# A SIP trunk's fragmented INVITEs balanced by Call-ID, 300,000 calls at 500/s and a server
# killed mid-run, and the same steady calls through nftables DNAT as the reference
# (bench/sip_trunk.py, lab/siptrunk.py; about 23 minutes; BENCH_SIP_TRUNK_CALLS,
# BENCH_SIP_TRUNK_RATE, BENCH_SIP_TRUNK_KILL_CALLS, BENCH_SIP_TRUNK_NFT_CALLS, 0 skipping the
# reference): its section goes after the SIP one.
sip_trunk_json=$(python3 bench/sip_trunk.py --doc docs/benchmarks.md | tail -1)
echo "  sip_trunk: $sip_trunk_json" >&2
# A spoofed SYN / ACK flood while real clients keep connecting (bench/flood.py, in namespaces,
# about 4 minutes): its section goes after the SIP one.
flood_json=$(python3 bench/flood.py --doc docs/benchmarks.md | tail -1)
echo "  flood: $flood_json" >&2
# Connection sync between forwarders: publish and absorb rates, creation-to-arrival lag
# (bench/sync.py, fwd_bench --mode sync, about 15 s): its section goes after the flood one;
# its figures (sync_conns_per_s, sync_lag_p50_ms, sync_lag_p99_ms...) join the line's top level.
sync_json=$(python3 bench/sync.py --doc docs/benchmarks.md | tail -1)
echo "  sync: $sync_json" >&2
# k-way replication against all-to-all from 3 to 16 forwarders: entries held and sync records
# received per forwarder (bench/replication.py, kway_sim: the real rule and wire code in one
# process, about 2 minutes): its section goes after the sync one; its figures join the line's
# top level under "replication".
replication_json=$(python3 bench/replication.py --doc docs/benchmarks.md | tail -1)
echo "  replication: $(python3 -c 'import json, sys
r = json.loads(sys.argv[1])["replication"]
print(json.dumps({"k1_16_entries_max": next(x["entries_max"] for x in r["rows"] if x["forwarders"] == 16 and x["replicas"] == 1)}))' "$replication_json")" >&2
# The control side at scale: one Maglev table over 1,000 NFs, publish latency at 1, 100 and
# 1,000 services (bench/publish.py, fwd_bench --mode publish, about a minute): its section goes
# after the sync one; its figures join the line's top level.
publish_json=$(python3 bench/publish.py --doc docs/benchmarks.md | tail -1)
echo "  publish: $publish_json" >&2
# The connection table at scale: bytes per connection and lookup cost at 1,000, 1 M and 10 M
# connections (bench/conns.py, fwd_bench --mode conns), then a worker's whole path at the same
# sizes (fwd_bench --mode fwd --random, 9 rounds): about 3 minutes, 3.5 GiB of huge pages.
conns_json=$(python3 bench/conns.py --doc docs/benchmarks.md | tail -1)
echo "  conns: $conns_json" >&2
# Several workers on cores of their own (bench/scale.py, fwd_bench --mode scale, about 2
# minutes): needs 5 cores or more; on fewer its section shows the kept run
# (bench/measured/scale.json), said to be one.
scale_json=$(python3 bench/scale.py --doc docs/benchmarks.md | tail -1)
echo "  scale: $scale_json" >&2
# The kernel-interface path against the kernel's own nftables DNAT on the same namespaces
# (bench/kernelpath.py: iperf3 TCP and 64-byte UDP, connect latency, idle CPU and wake-up; the
# forwarder as shipped first among 8 hvlb variants, about 15 minutes at the default 3 repetitions of
# 4 s; KP_REPS, KP_SECONDS): its section goes after the conns one.
kernelpath_json=$(python3 bench/kernelpath.py --doc docs/benchmarks.md | tail -1)
echo "  kernelpath: $kernelpath_json" >&2
# The NFV datapath: hvlb-forwarder against OVS-DPDK on the same vhost-user ports, cores and
# traffic (bench/nfv.py, about 2 minutes at the default 3 rounds; NFV_REPS, NFV_SECONDS): its
# section goes after the kernelpath one; "hvlb/OVS-DPDK: N×" per row.
nfv_json=$(python3 bench/nfv.py --doc docs/benchmarks.md | tail -1)
echo "  nfv: $(python3 -c 'import json, sys
r = json.loads(sys.argv[1])["nfv"]
r.pop("runs", None)
print(json.dumps(r))' "$nfv_json")" >&2
# The in-kernel fast path's bookkeeping (bench/kfp_books.py, about 40 s: the forwarder's bpf()
# calls a second and a GetStats's time with 3,000 UDP flows held in the kernel): its section
# goes last.
kfp_books_json=$(python3 bench/kfp_books.py --doc docs/benchmarks.md | tail -1)
echo "  kfp_books: $kfp_books_json" >&2
python3 -c 'import json, sys
r = json.loads(sys.argv[1])
r["sip"] = json.loads(sys.argv[2])
r["sip_trunk"] = json.loads(sys.argv[9])
r["flood"] = json.loads(sys.argv[3])
r.update(json.loads(sys.argv[4]))
r.update(json.loads(sys.argv[5]))
r.update(json.loads(sys.argv[6]))
r.update(json.loads(sys.argv[7]))
r.update(json.loads(sys.argv[8]))
r.update(json.loads(sys.argv[10]))
r["kfp_books"] = json.loads(sys.argv[11])["kfp_books"]
print(json.dumps(r))' "$res" "$sip_json" "$flood_json" "$sync_json" "$publish_json" "$conns_json" \
	"$kernelpath_json" "$nfv_json" "$sip_trunk_json" "$replication_json" "$kfp_books_json"
