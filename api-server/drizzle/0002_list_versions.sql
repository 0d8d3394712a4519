ALTER TABLE "applications" ADD COLUMN "list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_version" ADD COLUMN "list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO data_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Rows from before this migration are all at version 1 (never 0, which means "assign one").
UPDATE data_version SET list_version = 1;--> statement-breakpoint
UPDATE applications SET list_version = 1;--> statement-breakpoint
-- The next list version: bumps the one data_version row, whose lock is held until commit, so
-- list versions are handed out in commit order.
CREATE FUNCTION next_list_version() RETURNS bigint LANGUAGE sql AS $$
  UPDATE data_version SET list_version = list_version + 1 WHERE id = 1 RETURNING list_version
$$;--> statement-breakpoint
-- An application row changed: it takes a new list version, unless the writer set one itself
-- (a restore keeps the stored values).
CREATE FUNCTION applications_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.list_version = 0 THEN NEW.list_version := next_list_version(); END IF;
  ELSIF NEW.list_version = OLD.list_version THEN
    NEW.list_version := next_list_version();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_list_version BEFORE INSERT OR UPDATE ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_list_version();--> statement-breakpoint
-- A removed application changes the list too.
CREATE FUNCTION applications_list_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM next_list_version();
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_list_removed AFTER DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_list_removed();--> statement-breakpoint
-- A club's name is shown in its application's row.
CREATE FUNCTION clubs_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.clubname IS DISTINCT FROM OLD.clubname THEN
    UPDATE applications SET list_version = list_version WHERE club_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER clubs_list_version AFTER UPDATE ON clubs
  FOR EACH ROW EXECUTE FUNCTION clubs_list_version();--> statement-breakpoint
-- So are its account's e-mail (an account is created before its club can apply, so a new
-- account changes no row), phone, address, ward and registration number.
CREATE FUNCTION users_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE applications SET list_version = list_version WHERE club_id = OLD.club_id;
  ELSIF (NEW.club_id, NEW.email, NEW.phone, NEW.address, NEW.ward_no, NEW.govt_register_no)
      IS DISTINCT FROM
      (OLD.club_id, OLD.email, OLD.phone, OLD.address, OLD.ward_no, OLD.govt_register_no) THEN
    UPDATE applications SET list_version = list_version
      WHERE club_id = NEW.club_id OR club_id = OLD.club_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_list_version AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_list_version();
