package apitypes

import "time"

// Steering is GET /v1/forwarders/{id}/steering: the forwarder's GetSteering read-out from
// its agent's latest report that had one.
type Steering struct {
	Forwarder       string          `json:"forwarder"`
	At              time.Time       `json:"at"`
	Ports           []PortSteering  `json:"ports"`
	RSSA            RSSAConfig      `json:"rssa"`
	Workers         []WorkerLoad    `json:"workers"`
	Overrides       []SteerOverride `json:"overrides"`
	OverridesTotal  uint32          `json:"overrides_total"`
	Periods         uint64          `json:"periods"`
	FlowsMoved      uint64          `json:"flows_moved"`
	RSSAMoves       uint64          `json:"rssa_moves"`
	MovesFailed     uint64          `json:"moves_failed"`
	MovesInProgress uint32          `json:"moves_in_progress"`
	Publications    uint64          `json:"publications"`
	Dispatch        DispatchStage   `json:"dispatch"`
	MovesVanished   uint64          `json:"moves_vanished"` // RSS-A's moves whose connection had ended
	Placed          uint64          `json:"placed"`         // priority tenants' new connections placed
	OverridesGone   uint64          `json:"overrides_gone"` // overrides that ended with their connection
}

// PortSteering is how one port spreads flows over the workers.
type PortSteering struct {
	Port      uint32 `json:"port"`
	Name      string `json:"name"`
	Mechanism string `json:"mechanism"`
	Socket    int32  `json:"socket"` // -1: unknown
}

// RSSAConfig is the RSS-A settings (the RssaConfig schema).
type RSSAConfig struct {
	Enabled  bool    `json:"enabled"`
	Q        float64 `json:"q"`
	Epsilon  float64 `json:"epsilon"`
	ThetaH   float64 `json:"theta_h"`
	PeriodMs uint32  `json:"period_ms"`
	NSam     uint32  `json:"n_sam"`
	Cooldown uint32  `json:"cooldown"`
	MaxMoves uint32  `json:"max_moves"`
}

// WorkerLoad is one worker's load and the flows moved to and from it.
type WorkerLoad struct {
	Worker        uint32  `json:"worker"`
	Lcore         uint32  `json:"lcore"`
	Socket        uint32  `json:"socket"`
	Load          float64 `json:"load"`
	LoadPeriod    float64 `json:"load_period"`
	OverloadFreq  float64 `json:"overload_freq"`
	Overloaded    bool    `json:"overloaded"`
	FlowsMovedIn  uint64  `json:"flows_moved_in"`
	FlowsMovedOut uint64  `json:"flows_moved_out"`
	Overrides     uint32  `json:"overrides"`
}

// DispatchStage is the software dispatch stages, their counters summed; all but enabled
// are 0 when they are off (or the forwarder predates them).
type DispatchStage struct {
	Enabled        bool    `json:"enabled"`
	Stages         uint32  `json:"stages"`
	Lcore          uint32  `json:"lcore"`
	Socket         uint32  `json:"socket"`
	RxQueues       uint32  `json:"rx_queues"`
	RxPackets      uint64  `json:"rx_packets"`
	RawPackets     uint64  `json:"raw_packets"`
	SteeredPackets uint64  `json:"steered_packets"`
	FullDrops      uint64  `json:"full_drops"`
	BusySeconds    float64 `json:"busy_seconds"`
	Fences         uint64  `json:"fences"`
	FenceHeld      uint64  `json:"fence_held"`
	FenceEarly     uint64  `json:"fence_early"`
	RxBytes        uint64  `json:"rx_bytes"`
	IdleSleeps     uint64  `json:"idle_sleeps"`
}

// SteerOverride is a connection steered off its default worker.
type SteerOverride struct {
	Protocol      string `json:"protocol"`
	Client        string `json:"client"`
	VIP           string `json:"vip"`
	Worker        uint32 `json:"worker"`
	FromWorker    uint32 `json:"from_worker"`
	DefaultWorker uint32 `json:"default_worker"`
	AgeS          uint32 `json:"age_s"`
	Priority      uint32 `json:"priority"`
	Manual        bool   `json:"manual"` // steered by an operator, not by RSS-A
}

// Stats is GET /v1/stats: the latest counters per forwarder.
type Stats struct {
	Forwarders []ForwarderStats `json:"forwarders"`
}

// ForwarderStats is one forwarder's latest counters and when they were reported.
type ForwarderStats struct {
	ID    string    `json:"id"`
	At    time.Time `json:"at"`
	Stats StatsBody `json:"stats"`
}

// StatsBody is a ForwarderStats's "stats": the forwarder's counters.
type StatsBody struct {
	ConfigVersion uint64         `json:"config_version"`
	MempoolInUse  uint64         `json:"mempool_in_use"`
	MempoolSize   uint64         `json:"mempool_size"`
	Workers       []WorkerStats  `json:"workers"`
	Services      []ServiceStats `json:"services"`
	Drops         []Drop         `json:"drops"`
	Ports         []PortStats    `json:"ports"`
	// ExceptionFromKernel: the kernel's frames sent through the exception paths (docs/ports.md).
	ExceptionFromKernel uint64 `json:"exception_from_kernel"`
	// ConnsRestored, ConnsRestoreFailed: with state_dir, connections brought back from the
	// previous run at start-up, and those that found no room.
	ConnsRestored      uint64 `json:"conns_restored"`
	ConnsRestoreFailed uint64 `json:"conns_restore_failed"`
	// SyncCounters: every connection-sync counter by name (docs/counters.md, docs/sync.md);
	// absent while sync has never had peers.
	SyncCounters map[string]uint64 `json:"sync_counters,omitempty"`
}

// WorkerStats is one worker's counters.
type WorkerStats struct {
	Worker       uint32 `json:"worker"`
	Lcore        uint32 `json:"lcore"`
	RxPackets    uint64 `json:"rx_packets"`
	RxBytes      uint64 `json:"rx_bytes"`
	TxPackets    uint64 `json:"tx_packets"`
	TxBytes      uint64 `json:"tx_bytes"`
	HandoffOut   uint64 `json:"handoff_out"`
	HandoffIn    uint64 `json:"handoff_in"`
	ActiveConns  uint64 `json:"active_conns"`
	ConnCapacity uint64 `json:"conn_capacity"` // the worker's connection table's entries
	TotalConns   uint64 `json:"total_conns"`
	LocalReplies uint64 `json:"local_replies"`
	IdleSleeps   uint64 `json:"idle_sleeps"`
	BusyPolls    uint64 `json:"busy_polls"`
	EmptyPolls   uint64 `json:"empty_polls"`
	Drops        []Drop `json:"drops"`
	// Counters: every counter of the forwarder's registry by name, zeros included
	// (docs/counters.md); the fields above are some of them, kept for their readers.
	Counters map[string]uint64 `json:"counters"`
}

// Drop counts the packets dropped for one reason (docs/drops.md).
type Drop struct {
	Reason string `json:"reason"`
	Count  uint64 `json:"count"`
}

// PortStats is one port's counters.
type PortStats struct {
	Port     uint32 `json:"port"`
	Name     string `json:"name"`
	IPackets uint64 `json:"ipackets"`
	OPackets uint64 `json:"opackets"`
	IBytes   uint64 `json:"ibytes"`
	OBytes   uint64 `json:"obytes"`
	IMissed  uint64 `json:"imissed"`
	IErrors  uint64 `json:"ierrors"`
	OErrors  uint64 `json:"oerrors"`
	// KernelRxDrops: frames the kernel dropped on receive before the port's PMD read them
	// (AF_PACKET tp_drops, AF_XDP's drop counters; docs/drops.md); 0 on other ports.
	KernelRxDrops uint64 `json:"kernel_rx_drops"`
	// BadL4Csum: packets received here dropped for a bad TCP/UDP checksum; CsumUnfilled: of
	// those, checksums their sender left for a NIC to fill in; PeerCsumOffload: the forwarder
	// concluded that the port's peers offload checksums (docs/drops.md, bad_l4_csum).
	BadL4Csum       uint64 `json:"bad_l4_csum"`
	CsumUnfilled    uint64 `json:"csum_unfilled"`
	PeerCsumOffload bool   `json:"peer_csum_offload"`
	// RingKind, RxRing, TxRing, RingMbufs: the port's rings as the forwarder set them up (its
	// kind, entries per queue, mbufs they hold at most; docs/forwarder-config.md).
	RingKind  string `json:"ring_kind"`
	RxRing    uint32 `json:"rx_ring"`
	TxRing    uint32 `json:"tx_ring"`
	RingMbufs uint32 `json:"ring_mbufs"`
	// KernelFastPackets, KernelFastBytes: frames (bytes) that arrived on an AF_XDP port and
	// that its XDP program rewrote and sent on itself, never read by the forwarder (so not in
	// IPackets); KernelFastEntries: the connections' directions its program holds now
	// (docs/kernel-fast-path.md). 0 on other ports.
	KernelFastPackets uint64 `json:"kernel_fast_packets"`
	KernelFastBytes   uint64 `json:"kernel_fast_bytes"`
	KernelFastEntries uint64 `json:"kernel_fast_entries"`
}

// ServiceStats is one virtual service's counters at a forwarder.
type ServiceStats struct {
	ID          string `json:"id"`
	Protocol    string `json:"protocol"`
	VIP         string `json:"vip"`
	Port        uint32 `json:"port"`
	Mode        string `json:"mode"`
	Scheduler   string `json:"scheduler"`
	Key         uint32 `json:"key"`
	ActiveConns uint64 `json:"active_conns"`
	// TotalConns, Packets and Bytes count since ZeroedAt (hvlbctl vs zero), or since the
	// forwarder started when it is nil; metrics keep the raw totals.
	TotalConns uint64      `json:"total_conns"`
	Packets    uint64      `json:"packets"`
	Bytes      uint64      `json:"bytes"`
	ZeroedAt   *time.Time  `json:"zeroed_at,omitempty"`
	Reals      []RealStats `json:"reals"`
}

// RealStats is one real's counters at a forwarder, with the weight and health it runs.
type RealStats struct {
	Address     string     `json:"address"`
	Port        uint32     `json:"port"`
	Weight      uint32     `json:"weight"`
	Health      uint32     `json:"health"`
	ActiveConns uint64     `json:"active_conns"`
	TotalConns  uint64     `json:"total_conns"` // since ZeroedAt, as ServiceStats's
	Packets     uint64     `json:"packets"`
	Bytes       uint64     `json:"bytes"`
	ZeroedAt    *time.Time `json:"zeroed_at,omitempty"`
}

// Connections is GET /v1/connections.
type Connections struct {
	Connections []Connection `json:"connections"`
}

// Connection is one connection an agent reported.
type Connection struct {
	Forwarder  string `json:"forwarder"`
	Worker     uint32 `json:"worker"`
	Protocol   string `json:"protocol"`
	Client     string `json:"client"`
	VIP        string `json:"vip"`
	Real       string `json:"real"`
	State      string `json:"state"`
	AgeS       uint32 `json:"age_s"`
	ExpiresInS uint32 `json:"expires_in_s"`
	PacketsIn  uint64 `json:"packets_in"`
	PacketsOut uint64 `json:"packets_out"`
	BytesIn    uint64 `json:"bytes_in"`
	BytesOut   uint64 `json:"bytes_out"`
	// Synced: its latest state came from a sync peer, not from a packet here (proto/fwd.proto
	// Connection.synced); the packet counts are what this forwarder carried. GET /v1/conns
	// and /v1/trace only (reports do not carry it).
	Synced bool `json:"synced"`
	// SynProxy: a SYN proxy's connection, "waiting" while its NF has not answered the
	// proxy's SYN, "translated" once it has; empty for any other (Connection.synproxy).
	SynProxy string `json:"synproxy,omitempty"`
}

// ControllerGroup is GET /v1/controllers: the group of controllers as the one asked sees it.
type ControllerGroup struct {
	Name    string             `json:"name"`   // the controller that answered (its --name)
	Role    string             `json:"role"`   // standalone, leader or follower
	Leader  string             `json:"leader"` // the leader's name as last seen; "" unknown
	Members []ControllerMember `json:"members"`
	// Why the election's candidates could not be read (etcd away); members then come from
	// the forwarders' reports only.
	Error string `json:"error,omitempty"`
}

// ControllerMember is one controller of the group: campaigning in the election now, or
// holding a forwarder's agent (the forwarders listed).
type ControllerMember struct {
	Name        string   `json:"name"`
	Self        bool     `json:"self"`
	Leader      bool     `json:"leader"`
	Campaigning bool     `json:"campaigning"`
	Forwarders  []string `json:"forwarders"`
}

// Rates is GET /v1/rates: each service's new connections, packets and bytes a second per
// real, at each forwarder over its last report interval and summed over the forwarders,
// with each real's share of them beside its share of the weights.
type Rates struct {
	Services []ServiceRates `json:"services"`
}

// ServiceRates is one service's rates.
type ServiceRates struct {
	ID         string           `json:"id"`
	Forwarders []ForwarderRates `json:"forwarders"`
	Total      []RealRate       `json:"total"` // every forwarder's rates summed
}

// ForwarderRates is a service's rates at one forwarder, between its last two reports.
type ForwarderRates struct {
	Forwarder string     `json:"forwarder"`
	At        time.Time  `json:"at"`         // the later report
	IntervalS float64    `json:"interval_s"` // 0: no interval yet, or its counters went back (zeroed, restarted)
	Reals     []RealRate `json:"reals"`
}

// RealRate is one real's rates and shares. A share is of the service's sum over its reals
// (0 when that is 0); weight_share is the real's weight over the weights of the reals up, as
// the forwarder runs them (in total: the mean over the forwarders).
type RealRate struct {
	Address     string  `json:"address"`
	Port        uint32  `json:"port"`
	Weight      uint32  `json:"weight"`
	Health      uint32  `json:"health"`
	ActiveConns uint64  `json:"active_conns"`
	ConnsPerS   float64 `json:"conns_per_s"`
	PacketsPerS float64 `json:"packets_per_s"`
	BytesPerS   float64 `json:"bytes_per_s"`
	ConnShare   float64 `json:"conn_share"`
	PacketShare float64 `json:"packet_share"`
	ByteShare   float64 `json:"byte_share"`
	WeightShare float64 `json:"weight_share"`
}
