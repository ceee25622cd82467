// ${generated_comment}
// examples/basic's operator tags as the Python enum torch.Tag.

#include <ATen/core/enum_tag.h>
#include <pybind11/pybind11.h>

namespace torch::autograd {

void initEnumTag(PyObject *module) {
  auto m = pybind11::handle(module).cast<pybind11::module>();
  pybind11::enum_<at::Tag>(m, "Tag")
      ${enum_of_valid_tags};
}

} // namespace torch::autograd
