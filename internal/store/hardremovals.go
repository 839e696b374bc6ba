package store

import (
	"encoding/json"

	"hvlb/internal/model"
)

// MaxHardRemovals is how many hard removals the store keeps (the most recent).
const MaxHardRemovals = 256

// HardRemoval is a real, or (Address "" and RealPort 0) a whole service, removed with
// hard=true (its connections are to end at once, not naturally). The desired state says
// only what a forwarder should run, so the store keeps recent hard removals for the
// desired state to list: an agent that was away, or a controller restarted, still gets the
// removal to the forwarder as a hard one. A record lasts until MaxHardRemovals newer ones
// push it out, the real (or the service) is in the store again (any write of the service
// with it), or the service is deleted (which records its own when hard).
type HardRemoval struct {
	Service    string   `json:"service"` // the service's id
	Protocol   string   `json:"protocol"`
	VIP        string   `json:"vip"`
	Port       int      `json:"port"`          // the service's port
	VNI        int      `json:"vni,omitempty"` // a vxlan service's tenant
	Forwarders []string `json:"forwarders"`    // the service's forwarders then; empty: every one
	Address    string   `json:"address"`
	RealPort   int      `json:"real_port"`
	Version    uint64   `json:"version"` // the store version of the removal
}

// RunsOn reports whether the service ran on forwarder id when the real was removed.
func (h *HardRemoval) RunsOn(id string) bool {
	s := model.Service{Forwarders: h.Forwarders}
	return s.RunsOn(id)
}

func hardRemovalKey(version uint64, addr string, port int) []byte {
	return append(u64(version), model.RealKey(addr, port)...)
}

// HardRemovals returns the recorded hard removals, oldest first.
func (t *ReadTx) HardRemovals() ([]HardRemoval, error) {
	return listJSON[HardRemoval](t.kv, bucketHardRemove)
}

// AddHardRemoval records that real addr:port of svc (addr "", port 0: svc itself) is removed
// hard at this transaction's version, forgetting the oldest records beyond MaxHardRemovals.
func (t *Tx) AddHardRemoval(svc model.Service, addr string, port int) error {
	h := HardRemoval{
		Service: svc.ID, Protocol: svc.Protocol, VIP: svc.VIP, Port: svc.Port, VNI: svc.VNI,
		Forwarders: svc.Forwarders, Address: addr, RealPort: port, Version: t.next,
	}
	t.changed = true
	if err := putJSON(t.kv, bucketHardRemove, hardRemovalKey(h.Version, addr, port), h); err != nil {
		return err
	}
	var keys [][]byte // oldest first
	err := t.kv.each(bucketHardRemove, nil, func(k, _ []byte) (bool, error) {
		keys = append(keys, append([]byte(nil), k...))
		return true, nil
	})
	if err != nil {
		return err
	}
	for len(keys) > MaxHardRemovals {
		if err := t.kv.del(bucketHardRemove, keys[0]); err != nil {
			return err
		}
		keys = keys[1:]
	}
	return nil
}

// forgetHardRemovals deletes the records that match.
func (t *Tx) forgetHardRemovals(match func(HardRemoval) bool) error {
	var del [][]byte
	err := t.kv.each(bucketHardRemove, nil, func(k, v []byte) (bool, error) {
		var h HardRemoval
		if json.Unmarshal(v, &h) != nil || match(h) {
			del = append(del, append([]byte(nil), k...))
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, k := range del {
		t.changed = true
		if err := t.kv.del(bucketHardRemove, k); err != nil {
			return err
		}
	}
	return nil
}
