/** The keys under which both stores keep `carbon serve`'s secret and instance id. */
export const SERVER_SECRET_KEY = "server_jwt_secret";
export const SERVER_INSTANCE_KEY = "server_instance_id";
