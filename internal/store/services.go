package store

import (
	"fmt"
	"reflect"

	"hvlb/internal/model"
)

// CreateService stores a new, normalised service and returns it as stored.
func (s *Store) CreateService(svc model.Service) (model.Service, error) {
	var out model.Service
	_, err := s.Update("create service "+svc.ID, func(t *Tx) (err error) {
		out, err = t.CreateService(svc)
		return err
	})
	return out, err
}

// CreateService stores a new, normalised service, its reals stamped with the
// transaction's version, and returns it as stored.
func (t *Tx) CreateService(svc model.Service) (model.Service, error) {
	if _, err := t.Service(svc.ID); err == nil {
		return svc, fmt.Errorf("service %q: %w", svc.ID, ErrExists)
	}
	svc = svc.Clone()
	for i := range svc.Reals {
		svc.Reals[i].Version = t.Next()
	}
	svc.Version = t.Next()
	return svc, t.PutService(svc)
}

// UpdateService applies fn to a copy of service id and stores the result if it differs.
// With ifVersion != 0 the service must still be at that version (else ErrConflict).
// fn runs inside the transaction, so what it checks cannot change under it.
func (s *Store) UpdateService(id string, ifVersion uint64, what string, fn func(*model.Service) error) (model.Service, error) {
	var out model.Service
	_, err := s.Update(what, func(t *Tx) error {
		cur, err := t.Service(id)
		if err != nil {
			return err
		}
		if ifVersion != 0 && cur.Version != ifVersion {
			return fmt.Errorf("service %q is at version %d, not %d: %w", id, cur.Version, ifVersion, ErrConflict)
		}
		next := cur.Clone()
		if err := fn(&next); err != nil {
			return err
		}
		if next.ID != id {
			return fmt.Errorf("service %q: the id cannot change", id)
		}
		next.Version = cur.Version
		if reflect.DeepEqual(next, cur) {
			out = cur
			return nil
		}
		next.Version = t.Next()
		out = next
		return t.PutService(next)
	})
	return out, err
}

// DeleteService removes service id and returns the version of the change. A hard removal
// is also recorded (see HardRemoval), for the desired state to tell the forwarders to drop
// its connections rather than let them end.
func (s *Store) DeleteService(id string, hard bool) (uint64, error) {
	what := "delete service " + id
	if hard {
		what = "hard " + what
	}
	return s.Update(what, func(t *Tx) error {
		svc, err := t.Service(id)
		if err != nil {
			return err
		}
		if err := t.DeleteService(id); err != nil || !hard {
			return err
		}
		return t.AddHardRemoval(svc, "", 0)
	})
}

// AddReal adds r to service id, checking it against the service as stored.
func (s *Store) AddReal(id string, r model.Real) (model.Real, error) {
	var out model.Real
	what := fmt.Sprintf("add real %s to service %s", r.Key(), id)
	_, err := s.Update(what, func(t *Tx) error {
		svc, err := t.Service(id)
		if err != nil {
			return err
		}
		if err := model.NormalizeReal("", &svc, &r); err != nil {
			return err
		}
		if svc.FindReal(r.Address, r.Port) >= 0 {
			return fmt.Errorf("real %s of service %q: %w", r.Key(), id, ErrExists)
		}
		if len(svc.Reals) >= model.MaxReals {
			return &model.FieldError{Field: "reals", Msg: fmt.Sprintf("service %q has %d reals already", id, model.MaxReals)}
		}
		r.Version = t.Next()
		svc.Reals = append(svc.Reals, r)
		out = r
		return t.PutService(svc)
	})
	return out, err
}

// UpdateReal applies fn to a copy of one real of service id and stores the result if it
// differs.
func (s *Store) UpdateReal(id, addr string, port int, fn func(*model.Real) error) (model.Real, error) {
	var out model.Real
	what := fmt.Sprintf("update real %s of service %s", model.RealKey(addr, port), id)
	_, err := s.Update(what, func(t *Tx) error {
		svc, err := t.Service(id)
		if err != nil {
			return err
		}
		i := svc.FindReal(addr, port)
		if i < 0 {
			return fmt.Errorf("real %s of service %q: %w", model.RealKey(addr, port), id, ErrNotFound)
		}
		cur := svc.Reals[i]
		next := cur
		if err := fn(&next); err != nil {
			return err
		}
		if next.Address != cur.Address || next.Port != cur.Port {
			return fmt.Errorf("real %s: address and port cannot change", cur.Key())
		}
		if err := model.NormalizeReal("", &svc, &next); err != nil {
			return err
		}
		next.Version = cur.Version
		if next == cur {
			out = cur
			return nil
		}
		next.Version = t.Next()
		svc.Reals[i] = next
		out = next
		return t.PutService(svc)
	})
	return out, err
}

// DeleteReal removes one real of service id. A hard removal is also recorded (see
// HardRemoval), for the desired state to tell the forwarders to drop its connections.
func (s *Store) DeleteReal(id, addr string, port int, hard bool) (uint64, error) {
	what := fmt.Sprintf("remove real %s of service %s", model.RealKey(addr, port), id)
	if hard {
		what = "hard " + what
	}
	return s.Update(what, func(t *Tx) error {
		svc, err := t.Service(id)
		if err != nil {
			return err
		}
		i := svc.FindReal(addr, port)
		if i < 0 {
			return fmt.Errorf("real %s of service %q: %w", model.RealKey(addr, port), id, ErrNotFound)
		}
		r := svc.Reals[i]
		svc.Reals = append(svc.Reals[:i], svc.Reals[i+1:]...)
		if err := t.PutService(svc); err != nil || !hard {
			return err
		}
		return t.AddHardRemoval(svc, r.Address, r.Port)
	})
}

// SetForwarderDraining sets or clears forwarder id's draining flag and returns the
// forwarder; it writes (and bumps the version, so every agent gets a new desired state) only
// when the flag changes.
func (s *Store) SetForwarderDraining(id string, draining bool) (model.Forwarder, error) {
	var out model.Forwarder
	what := "undrain forwarder " + id
	if draining {
		what = "drain forwarder " + id
	}
	_, err := s.Update(what, func(t *Tx) error {
		f, err := t.Forwarder(id)
		if err != nil {
			return err
		}
		out = f
		if f.Draining == draining && (draining || f.AutoDrain == nil) {
			return nil
		}
		f.Draining = draining
		if !draining {
			f.AutoDrain = nil // the operator's undrain puts it back whoever drained it
		}
		out = f
		out.Version = t.Next()
		return t.PutForwarder(f)
	})
	return out, err
}

// SetForwarderLocalPool sets forwarder id's FullNAT local pool (nil: none, the forwarder's
// file decides) and returns the forwarder; it writes (and bumps the version, so its agent
// gets a new desired state) only when the pool changes. p is checked by the caller.
func (s *Store) SetForwarderLocalPool(id string, p *model.LocalPool) (model.Forwarder, error) {
	var out model.Forwarder
	_, err := s.Update("set the local pool of forwarder "+id, func(t *Tx) error {
		f, err := t.Forwarder(id)
		if err != nil {
			return err
		}
		out = f
		if reflect.DeepEqual(f.LocalPool, p) {
			return nil
		}
		f.LocalPool = p
		out = f
		out.Version = t.Next()
		return t.PutForwarder(f)
	})
	return out, err
}

// SetForwarderAutoDrain sets (ad != nil) or clears the pool's drain of forwarder id and
// returns the forwarder; it writes only when that changes whether the pool drains it, and
// never over the operator's drain (the operator's word stands: nothing is written).
func (s *Store) SetForwarderAutoDrain(id string, ad *model.AutoDrain) (model.Forwarder, error) {
	var out model.Forwarder
	what := "pool: bring back forwarder " + id
	if ad != nil {
		what = "pool: drain forwarder " + id + ": " + ad.Reason
	}
	_, err := s.Update(what, func(t *Tx) error {
		f, err := t.Forwarder(id)
		if err != nil {
			return err
		}
		out = f
		if f.Draining || (f.AutoDrain != nil) == (ad != nil) {
			return nil
		}
		f.AutoDrain = ad
		out = f
		out.Version = t.Next()
		return t.PutForwarder(f)
	})
	return out, err
}

// PutForwarder stores what an agent registered, keeping the registration time of an
// unchanged forwarder; it writes (and bumps the version) only when something changed.
func (s *Store) PutForwarder(f model.Forwarder) (model.Forwarder, bool, error) {
	var out model.Forwarder
	var isNew bool
	_, err := s.Update("register forwarder "+f.ID, func(t *Tx) error {
		cur, err := t.Forwarder(f.ID)
		isNew = err != nil
		if !isNew {
			f.RegisteredAt, f.Version, f.SyncID, f.Draining = cur.RegisteredAt, cur.Version, cur.SyncID, cur.Draining
			f.AutoDrain, f.LocalPool = cur.AutoDrain, cur.LocalPool
		}
		if f.SyncAddr != "" && f.SyncID == 0 {
			if f.SyncID, err = t.nextSyncID(); err != nil {
				return err
			}
		}
		if !isNew {
			if reflect.DeepEqual(cur, f) {
				out = cur
				return nil
			}
		}
		out = f
		out.Version = t.Next()
		return t.PutForwarder(f)
	})
	return out, isNew, err
}

// nextSyncID is the lowest sync id no forwarder holds (ids start at 1; 0 is "none"). Ids
// are 16 bits on the wire.
func (t *Tx) nextSyncID() (uint32, error) {
	fs, err := t.Forwarders()
	if err != nil {
		return 0, err
	}
	taken := make(map[uint32]bool, len(fs))
	for _, f := range fs {
		taken[f.SyncID] = true
	}
	for id := uint32(1); id <= 0xFFFF; id++ {
		if !taken[id] {
			return id, nil
		}
	}
	return 0, fmt.Errorf("store: every sync id is taken (65535 forwarders)")
}
