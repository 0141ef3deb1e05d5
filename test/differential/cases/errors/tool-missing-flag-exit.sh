send_email --to someone@example.com
