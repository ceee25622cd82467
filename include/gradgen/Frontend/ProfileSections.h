//===- ProfileSections.h - Every stage's profile section --------*- C++ -*-===//
//
// The sections a profile.yaml may have, one a stage. Support's loader knows
// none of them; the Frontend, which runs every stage, lists them here, so a
// new stage adds its section (a ProfileSection subclass of its library) and
// one line to this list (ProfileSections.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GRADGEN_FRONTEND_PROFILESECTIONS_H
#define GRADGEN_FRONTEND_PROFILESECTIONS_H

#include "gradgen/Support/Profile.h"

#include "llvm/ADT/ArrayRef.h"

namespace gradgen {

/// The kinds of section of every stage, in the order of the stages.
llvm::ArrayRef<ProfileSectionKind> stageProfileSections();

/// Loads a profile with every stage's sections (see gradgen::loadProfile).
std::optional<Profile> loadStageProfile(llvm::StringRef NameOrPath,
                                        llvm::StringRef TemplatesRoot,
                                        InputFiles &Files,
                                        DiagnosticEngine &Diags);

} // namespace gradgen

#endif // GRADGEN_FRONTEND_PROFILESECTIONS_H
