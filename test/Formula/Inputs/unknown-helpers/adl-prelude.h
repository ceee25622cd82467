// A function only ADL finds, in a namespace that UnknownNameSource does not
// search, and a hidden friend.
namespace at::gradgen_test {
struct Marker {};
int adl_only(const Marker &, double);
struct Friendly {
  friend int adl_friend(const Friendly &, double);
};
} // namespace at::gradgen_test
