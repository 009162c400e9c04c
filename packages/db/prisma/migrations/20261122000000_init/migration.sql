-- CreateEnum
CREATE TYPE "api_scope" AS ENUM ('ota', 'usage:write', 'usage:read');

-- CreateEnum
CREATE TYPE "booking_source" AS ENUM ('PARTNER', 'ONLINE', 'POS');

-- CreateEnum
CREATE TYPE "booking_status" AS ENUM ('CONFIRMED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "waiver_status" AS ENUM ('COMPLETE', 'PENDING');

-- CreateEnum
CREATE TYPE "question_type" AS ENUM ('text', 'textarea', 'boolean', 'select', 'multiselect', 'date', 'file', 'signature');

-- CreateEnum
CREATE TYPE "order_channel" AS ENUM ('ONLINE', 'POS');

-- CreateEnum
CREATE TYPE "email_kind" AS ENUM ('BOOKING_CONFIRMATION', 'BOOKING_REMINDER', 'WAITLIST_NOTIFICATION');

-- CreateEnum
CREATE TYPE "email_status" AS ENUM ('QUEUED', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "idempotency_state" AS ENUM ('IN_PROGRESS', 'COMPLETED');

-- CreateTable
CREATE TABLE "operators" (
    "id" SERIAL NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "time_zone" VARCHAR(64) NOT NULL DEFAULT 'UTC',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "console_users" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "password_hash" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "console_users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "console_users_email_lower_check" CHECK ("email" = lower("email"))
);

-- CreateTable
CREATE TABLE "console_sessions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "console_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "partners" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partners_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "partners_slug_check" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND "slug" <> 'core')
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "partner_id" INTEGER,
    "name" VARCHAR(200) NOT NULL DEFAULT '',
    "prefix" VARCHAR(32) NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "scopes" "api_scope"[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("scopes") > 0)
);

-- CreateTable
CREATE TABLE "products" (
    "id" SERIAL NOT NULL,
    "activity_id" VARCHAR(34) NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "duration_minutes" INTEGER NOT NULL,
    "time_zone" VARCHAR(64) NOT NULL,
    "location" VARCHAR(300) NOT NULL DEFAULT '',
    "price_amount" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "min_participants" INTEGER NOT NULL DEFAULT 1,
    "max_participants" INTEGER NOT NULL,
    "booking_cutoff_minutes" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "products_activity_id_check" CHECK ("activity_id" ~ '^s_[A-Za-z0-9]{6,32}$'),
    CONSTRAINT "products_participants_check" CHECK ("min_participants" >= 1 AND "max_participants" >= "min_participants"),
    CONSTRAINT "products_price_amount_check" CHECK ("price_amount" >= 0),
    CONSTRAINT "products_duration_minutes_check" CHECK ("duration_minutes" > 0),
    CONSTRAINT "products_booking_cutoff_minutes_check" CHECK ("booking_cutoff_minutes" >= 0)
);

-- CreateTable
CREATE TABLE "timeslots" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "capacity" INTEGER NOT NULL,
    "places_taken" INTEGER NOT NULL DEFAULT 0,
    "closed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "timeslots_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "timeslots_capacity_check" CHECK ("capacity" >= 0),
    CONSTRAINT "timeslots_places_taken_check" CHECK ("places_taken" >= 0 AND "places_taken" <= "capacity")
);

-- CreateTable
CREATE TABLE "waiver_questions" (
    "id" VARCHAR(40) NOT NULL,
    "product_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "label" VARCHAR(500) NOT NULL,
    "type" "question_type" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "help_text" TEXT,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "accept" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "max_file_size_mb" INTEGER,

    CONSTRAINT "waiver_questions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waiver_questions_max_file_size_mb_check" CHECK ("max_file_size_mb" IS NULL OR "max_file_size_mb" > 0)
);

-- CreateTable
CREATE TABLE "orders" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "channel" "order_channel" NOT NULL,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "paid_at" TIMESTAMPTZ(3),
    "payment_reference" VARCHAR(128),
    "total_amount" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "orders_total_amount_check" CHECK ("total_amount" >= 0),
    CONSTRAINT "orders_paid_at_check" CHECK ("paid" = ("paid_at" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "bookings" (
    "id" SERIAL NOT NULL,
    "reference" VARCHAR(16) NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "timeslot_id" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "source" "booking_source" NOT NULL,
    "partner_id" INTEGER,
    "api_key_id" INTEGER,
    "order_id" INTEGER,
    "payment_reference" VARCHAR(128),
    "participants" INTEGER NOT NULL,
    "customer_first_name" VARCHAR(100) NOT NULL,
    "customer_last_name" VARCHAR(100) NOT NULL,
    "customer_email" VARCHAR(254) NOT NULL,
    "customer_phone" VARCHAR(16) NOT NULL,
    "status" "booking_status" NOT NULL DEFAULT 'CONFIRMED',
    "waiver_status" "waiver_status" NOT NULL,
    "answers" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelled_at" TIMESTAMPTZ(3),

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bookings_participants_check" CHECK ("participants" > 0),
    CONSTRAINT "bookings_partner_check" CHECK (("source" = 'PARTNER') = ("partner_id" IS NOT NULL)),
    CONSTRAINT "bookings_cancelled_at_check" CHECK (("status" = 'CANCELLED') = ("cancelled_at" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "booking_events" (
    "id" SERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "type" VARCHAR(40) NOT NULL,
    "actor" VARCHAR(300) NOT NULL,
    "detail" JSONB,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "waitlist_entries" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "timeslot_id" INTEGER NOT NULL,
    "multi_booking_id" VARCHAR(40) NOT NULL,
    "customer_first_name" VARCHAR(100) NOT NULL,
    "customer_last_name" VARCHAR(100) NOT NULL,
    "customer_email" VARCHAR(254) NOT NULL,
    "customer_phone" VARCHAR(16),
    "participants" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_at" TIMESTAMPTZ(3),

    CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waitlist_entries_participants_check" CHECK ("participants" > 0)
);

-- CreateTable
CREATE TABLE "outbox_emails" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "kind" "email_kind" NOT NULL,
    "status" "email_status" NOT NULL DEFAULT 'QUEUED',
    "dedupe_key" VARCHAR(200) NOT NULL,
    "to_address" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "text_body" TEXT NOT NULL,
    "booking_id" INTEGER,
    "waitlist_entry_id" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "message_id" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "send_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_emails_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "outbox_emails_sent_at_check" CHECK (("status" = 'SENT') = ("sent_at" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "usage_entries" (
    "id" BIGSERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "usage" DECIMAL(38,12) NOT NULL,
    "extra_info" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_key" VARCHAR(255),
    "dedupe_key" VARCHAR(200),

    CONSTRAINT "usage_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "usage_entries_usage_check" CHECK ("usage" > 0)
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" SERIAL NOT NULL,
    "api_key_id" INTEGER NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "scope" VARCHAR(300) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "state" "idempotency_state" NOT NULL DEFAULT 'IN_PROGRESS',
    "response_status" INTEGER,
    "response_body" JSONB,
    "response_headers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "operators_slug_key" ON "operators"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "console_users_email_key" ON "console_users"("email");

-- CreateIndex
CREATE INDEX "console_users_operator_id_idx" ON "console_users"("operator_id");

-- CreateIndex
CREATE UNIQUE INDEX "console_sessions_token_hash_key" ON "console_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "console_sessions_user_id_idx" ON "console_sessions"("user_id");

-- CreateIndex
CREATE INDEX "console_sessions_expires_at_idx" ON "console_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "partners_operator_id_slug_key" ON "partners"("operator_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_operator_id_idx" ON "api_keys"("operator_id");

-- CreateIndex
CREATE INDEX "api_keys_partner_id_idx" ON "api_keys"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "products_activity_id_key" ON "products"("activity_id");

-- CreateIndex
CREATE INDEX "products_operator_id_name_idx" ON "products"("operator_id", "name");

-- CreateIndex
CREATE INDEX "timeslots_starts_at_idx" ON "timeslots"("starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "timeslots_product_id_starts_at_key" ON "timeslots"("product_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "waiver_questions_product_id_position_key" ON "waiver_questions"("product_id", "position");

-- CreateIndex
CREATE INDEX "orders_operator_id_created_at_idx" ON "orders"("operator_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings"("reference");

-- CreateIndex
CREATE INDEX "bookings_operator_id_starts_at_idx" ON "bookings"("operator_id", "starts_at");

-- CreateIndex
CREATE INDEX "bookings_operator_id_created_at_idx" ON "bookings"("operator_id", "created_at");

-- CreateIndex
CREATE INDEX "bookings_timeslot_id_status_idx" ON "bookings"("timeslot_id", "status");

-- CreateIndex
CREATE INDEX "bookings_partner_id_idx" ON "bookings"("partner_id");

-- CreateIndex
CREATE INDEX "bookings_order_id_idx" ON "bookings"("order_id");

-- CreateIndex
CREATE INDEX "booking_events_booking_id_at_idx" ON "booking_events"("booking_id", "at");

-- CreateIndex
CREATE INDEX "waitlist_entries_timeslot_id_created_at_idx" ON "waitlist_entries"("timeslot_id", "created_at");

-- CreateIndex
CREATE INDEX "waitlist_entries_operator_id_idx" ON "waitlist_entries"("operator_id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_emails_dedupe_key_key" ON "outbox_emails"("dedupe_key");

-- CreateIndex
CREATE INDEX "outbox_emails_operator_id_created_at_idx" ON "outbox_emails"("operator_id", "created_at");

-- CreateIndex
CREATE INDEX "outbox_emails_status_send_after_idx" ON "outbox_emails"("status", "send_after");

-- CreateIndex
CREATE INDEX "usage_entries_operator_id_occurred_at_idx" ON "usage_entries"("operator_id", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "usage_entries_operator_id_dedupe_key_key" ON "usage_entries"("operator_id", "dedupe_key");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_api_key_id_key_key" ON "idempotency_records"("api_key_id", "key");

-- AddForeignKey
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "console_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partners" ADD CONSTRAINT "partners_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waiver_questions" ADD CONSTRAINT "waiver_questions_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_timeslot_id_fkey" FOREIGN KEY ("timeslot_id") REFERENCES "timeslots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_timeslot_id_fkey" FOREIGN KEY ("timeslot_id") REFERENCES "timeslots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_waitlist_entry_id_fkey" FOREIGN KEY ("waitlist_entry_id") REFERENCES "waitlist_entries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_entries" ADD CONSTRAINT "usage_entries_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
