get_user --name alice
