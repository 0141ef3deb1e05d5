get_user --id 12345
