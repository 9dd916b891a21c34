-- When each owner API key was last used (to the minute), for `chat-bot-server keys list`.
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;