// @generated from ../tools/autograd/templates/python_enum_tag.cpp
// examples/basic's operator tags as the Python enum torch.Tag.

#include <ATen/core/enum_tag.h>
#include <pybind11/pybind11.h>

namespace torch::autograd {

void initEnumTag(PyObject *module) {
  auto m = pybind11::handle(module).cast<pybind11::module>();
  pybind11::enum_<at::Tag>(m, "Tag")

      .value("core", at::Tag::core)
      .value("inplace_view", at::Tag::inplace_view)
      .value("pointwise", at::Tag::pointwise)
      .value("view_copy", at::Tag::view_copy);
}

} // namespace torch::autograd
